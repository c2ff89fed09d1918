import { useId } from 'react';
import { ApiError } from '../../../../api/errors';
import { useForm } from '../../../../shared/forms/useForm';

interface CouponFieldProps {
  applied: string | null;
  /** Tries a code; resolves with the messages to show under the field, or null when it applies. */
  onApply(code: string): Promise<string[] | null>;
  onRemove(): void;
  /** Messages about the applied coupon from elsewhere (the plan change). */
  messages?: string[];
  disabled?: boolean;
}

/**
 * The coupon (000 §2): an input with the placeholder 'Coupon Code' and an Add button; an applied coupon shows as a
 * tag that can be removed; the server's message for a code it does not know goes under the field.
 */
export function CouponField({ applied, onApply, onRemove, messages = [], disabled }: CouponFieldProps) {
  const form = useForm({
    initial: { code: '' },
    fields: { code: 'coupon' },
    submit: async ({ code }) => {
      const trimmed = code.trim();
      if (!trimmed) return undefined;
      const refused = await onApply(trimmed);
      return refused
        ? { ok: false, error: new ApiError(422, { coupon: refused }, refused) }
        : { ok: true, value: trimmed };
    },
    onSuccess: () => form.set('code', ''),
  });
  const inputId = useId();
  const messagesId = `${inputId}-messages`;
  const shown = [...(form.errors.fields.code ?? []), ...messages];
  const pending = form.isPending;

  return (
    <div className="coupon">
      {applied ? (
        <p className="coupon-applied">
          <span className="tag">
            <span>
              Coupon <strong>{applied}</strong>
            </span>
            <button
              type="button"
              className="tag-remove"
              aria-label={`Remove coupon ${applied}`}
              disabled={disabled}
              onClick={onRemove}
            >
              ×
            </button>
          </span>
        </p>
      ) : (
        <form className="coupon-form" noValidate onSubmit={form.handleSubmit}>
          <label className="visually-hidden" htmlFor={inputId}>
            Coupon code
          </label>
          <input
            id={inputId}
            className="field-input"
            placeholder="Coupon Code"
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            ref={form.ref('code')}
            value={form.values.code}
            disabled={disabled || pending}
            aria-invalid={shown.length > 0 || undefined}
            aria-describedby={shown.length > 0 ? messagesId : undefined}
            onChange={(event) => {
              form.set('code', event.target.value);
              form.clearFailure();
            }}
          />
          <button
            type="submit"
            className="button button-secondary"
            disabled={disabled || pending || form.values.code.trim() === ''}
          >
            Add
          </button>
        </form>
      )}
      {shown.length > 0 && (
        <p id={messagesId} className="field-message">
          {shown.join(' & ')}
        </p>
      )}
    </div>
  );
}
