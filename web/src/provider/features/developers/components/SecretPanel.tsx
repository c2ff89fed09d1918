import { useId } from 'react';
import { formatDateTime } from '../../../../shared/format';
import { ShownOnce } from '../../../../shared/ShownOnce';
import { PREVIOUS_SECRET_HOURS } from '../rules';

export interface RevealedSecret {
  endpointId: string;
  secret: string;
  /** Made with a new endpoint, or by a rotation (the old secret then keeps verifying for a while). */
  reason: 'created' | 'rotated';
  /** Until when the replaced secret still verifies (a rotation's). */
  previousExpiresAt: string | null;
}

interface SecretPanelProps {
  revealed: RevealedSecret;
  onDone(): void;
}

/**
 * An endpoint's signing secret, this once (the API answers it only on creation and rotation): selectable, with a
 * copy button, the warning that it is not shown again, and how a receiver verifies with it.
 */
export function SecretPanel({ revealed, onDone }: SecretPanelProps) {
  const titleId = useId();
  return (
    <div className="alert alert-success webhook-secret" role="region" aria-labelledby={titleId}>
      <p className="alert-title" id={titleId}>
        {revealed.reason === 'created'
          ? 'The endpoint’s signing secret'
          : 'The endpoint’s new signing secret'}
      </p>
      <p>
        <strong>Copy it now: it is not shown again.</strong> Only its last characters stay visible here.
      </p>
      <ShownOnce
        label="Signing secret"
        value={revealed.secret}
        noun="secret"
        inputClassName="webhook-secret-value"
        onDone={onDone}
      >
        {revealed.reason === 'rotated' && (
          <p>
            The previous secret keeps verifying for {PREVIOUS_SECRET_HOURS} hours
            {revealed.previousExpiresAt ? `, until ${formatDateTime(revealed.previousExpiresAt)}` : ''}: until
            then each delivery carries a signature with each secret. Put the new one in your receiver before
            that.
          </p>
        )}
        <p>
          Your receiver verifies each delivery with it: any{' '}
          <a href="https://www.standardwebhooks.com/" target="_blank" rel="noreferrer">
            Standard Webhooks
          </a>{' '}
          library takes this secret, the raw body and the headers <code>webhook-id</code>,{' '}
          <code>webhook-timestamp</code> and <code>webhook-signature</code>.
        </p>
      </ShownOnce>
    </div>
  );
}
