import { LIMITS } from '@tourly/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from './i18n';
import { ApiError } from '../api/errors';
import { useAnalytics } from './analyticsContext';
import { sendLead, type LeadFields, type LeadSource } from './api';

const FIELDS = ['firstName', 'lastName', 'email', 'phoneNumber', 'message'] as const;
type Field = (typeof FIELDS)[number];

const emptyLead = (message: string): LeadFields => ({
  firstName: '',
  lastName: '',
  email: '',
  phoneNumber: '',
  message,
  company: '',
});

interface LeadFormProps {
  source: LeadSource;
  defaultMessage: string;
  /** After the sent message has shown its time (the tour's contact panel closes then). */
  onSent?(): void;
}

/**
 * The contact form (001 §5, 002 §5): every field required ('Required' under an empty one, checked here and by the
 * server), the email trimmed and lowercased, a honeypot (`company`) hidden from people and assistive technology.
 * Sent: 'Email sent!', then after 2 s the form empties and `onSent`. Refused: the server's messages, under their
 * fields or above the button, and the form can be sent again; past a limit (429), when to try again, in minutes.
 */
export function LeadForm({ source, defaultMessage, onSent }: LeadFormProps) {
  const { t } = useTranslation();
  const analytics = useAnalytics();
  const id = useId();
  const [lead, setLead] = useState<LeadFields>(() => emptyLead(defaultMessage));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [status, setStatus] = useState<'editing' | 'sending' | 'sent'>('editing');
  const sentTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(sentTimer.current), []);

  const set = (field: keyof LeadFields, value: string) =>
    setLead((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status !== 'editing') return;
    const toSend = { ...lead, email: lead.email.trim().toLowerCase() };
    const missing = Object.fromEntries(
      FIELDS.filter((field) => toSend[field].trim() === '').map((field) => [field, [t('required')]]),
    );
    setErrors(missing);
    if (Object.keys(missing).length > 0) {
      event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setStatus('sending');
    try {
      // Only a tour has rooms to walk; the collector gives none without the visitor's consent.
      const attribution = 'tourId' in source ? analytics.attribution() : null;
      await sendLead({ ...toSend, ...source, ...(attribution ? { attribution } : {}) });
      analytics.record('lead_sent');
      setStatus('sent');
      // 'Email sent!' stays 2 s, then the form empties and closes (001 §5 contact form).
      sentTimer.current = window.setTimeout(() => {
        setLead(emptyLead(defaultMessage));
        setStatus('editing');
        onSent?.();
      }, LIMITS.contactFormCloseMs);
    } catch (error) {
      // The server names the fields within the request (`lead.email`); the form names them without it.
      const fields = Object.fromEntries(
        Object.entries(error instanceof ApiError ? error.fields : {}).map(([key, messages]) => [
          key.replace(/^lead\./, ''),
          messages,
        ]),
      );
      const known = Object.keys(fields).some((field) => (FIELDS as readonly string[]).includes(field));
      setErrors(known ? fields : { base: baseMessages(error) });
      setStatus('editing');
    }
  }

  /** What the form says about a refusal: a limit met, when to try again in the visitor's language; else the server's. */
  function baseMessages(error: unknown): string[] {
    if (!(error instanceof ApiError)) return [String(error)];
    if (error.status === 429 && error.retryAfter !== null) {
      return [t('leadTooMany', { count: Math.max(1, Math.ceil(error.retryAfter / 60)) })];
    }
    return error.messages;
  }

  function field(
    name: Field,
    label: string,
    type: 'text' | 'email' | 'tel' | 'textarea',
    autoComplete: string,
  ) {
    const fieldId = `${id}-${name}`;
    const messages = errors[name];
    const common = {
      id: fieldId,
      name,
      value: lead[name],
      autoComplete,
      'aria-invalid': messages ? true : undefined,
      'aria-describedby': messages ? `${fieldId}-error` : undefined,
    } as const;
    return (
      <div className="lead-field">
        <label htmlFor={fieldId}>{label}</label>
        {type === 'textarea' ? (
          <textarea {...common} rows={3} onChange={(event) => set(name, event.target.value)} />
        ) : (
          <input {...common} type={type} onChange={(event) => set(name, event.target.value)} />
        )}
        {messages && (
          <p id={`${fieldId}-error`} className="lead-error">
            {messages.join(' ')}
          </p>
        )}
      </div>
    );
  }

  return (
    <form className="lead-form" noValidate onSubmit={submit} aria-label={t('contactTitle')}>
      <div className="lead-row">
        {field('firstName', t('firstName'), 'text', 'given-name')}
        {field('lastName', t('lastName'), 'text', 'family-name')}
      </div>
      {field('email', t('email'), 'email', 'email')}
      {field('phoneNumber', t('phoneNumber'), 'tel', 'tel')}
      {field('message', t('message'), 'textarea', 'off')}
      {/* The honeypot: off screen and out of the tab order and the accessibility tree; people leave it empty. */}
      <div className="lead-honeypot" aria-hidden="true">
        <label htmlFor={`${id}-company`}>Company</label>
        <input
          id={`${id}-company`}
          name="company"
          tabIndex={-1}
          autoComplete="off"
          value={lead.company}
          onChange={(event) => set('company', event.target.value)}
        />
      </div>
      {errors.base && (
        <p className="lead-error" role="alert">
          {errors.base.join(' ')}
        </p>
      )}
      <p className="lead-status" role="status">
        {status === 'sent' ? t('emailSent') : ''}
      </p>
      <button type="submit" className="player-button" disabled={status !== 'editing'}>
        {status === 'sending' ? t('sending') : t('send')}
      </button>
    </form>
  );
}
