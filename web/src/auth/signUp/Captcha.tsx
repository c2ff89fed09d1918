import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { fieldMessage } from '../../shared/Field';
import { loadCaptcha, type CaptchaSettings, type Grecaptcha } from './captcha';

interface CaptchaProps {
  settings: CaptchaSettings;
  /** Called with the token when the box is ticked, and with null when it expires or is reset. */
  onToken(token: string | null): void;
  /** Changing it resets the widget: a token is good for one check, so every failed sign-up asks for a new one. */
  resetKey: number;
  /** The server's messages about the captcha answer. */
  messages?: string[];
  /** Receives focus when the captcha is what the person has to act on. */
  messagesRef?: Ref<HTMLParagraphElement>;
}

type Status = 'loading' | 'ready' | 'failed';

/** The "I'm not a robot" box (reCAPTCHA v2 checkbox), loaded when the sign-up page shows it. */
export function Captcha({ settings, onToken, resetKey, messages, messagesRef }: CaptchaProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: Grecaptcha; id: number } | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [attempt, setAttempt] = useState(0);
  const messageId = useId();
  const onTokenRef = useRef(onToken);
  useEffect(() => {
    onTokenRef.current = onToken;
  });

  useEffect(() => {
    let cancelled = false;
    // A fresh element per render: the widget cannot be rendered twice into one (React runs effects twice in
    // development, and a retry renders again).
    const container = document.createElement('div');
    hostRef.current?.append(container);
    setStatus('loading');
    loadCaptcha(settings.scriptUrl).then(
      (api) => {
        if (cancelled) return;
        const id = api.render(container, {
          sitekey: settings.siteKey,
          callback: (token) => onTokenRef.current(token),
          'expired-callback': () => onTokenRef.current(null),
        });
        widget.current = { api, id };
        setStatus('ready');
      },
      () => {
        if (!cancelled) setStatus('failed');
      },
    );
    return () => {
      cancelled = true;
      widget.current = null;
      container.remove();
    };
  }, [settings.scriptUrl, settings.siteKey, attempt]);

  useEffect(() => {
    if (resetKey === 0 || !widget.current) return;
    widget.current.api.reset(widget.current.id);
    onTokenRef.current(null);
  }, [resetKey]);

  const message = fieldMessage('The captcha', messages);
  return (
    <div
      className="sign-in-captcha"
      role="group"
      aria-label="Captcha"
      aria-describedby={message ? messageId : undefined}
    >
      <div ref={hostRef} className="sign-in-captcha-widget" />
      {status === 'loading' && (
        <p className="muted" role="status">
          Loading the captcha…
        </p>
      )}
      {status === 'failed' && (
        <div className="alert alert-error" role="alert">
          <p>The captcha could not be loaded. Check your connection, then try again.</p>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setAttempt((value) => value + 1)}
          >
            Load the captcha again
          </button>
        </div>
      )}
      {message && (
        <p ref={messagesRef} id={messageId} className="field-message" tabIndex={-1}>
          {message}
        </p>
      )}
    </div>
  );
}
