import { Link } from 'react-router';
import { Modal } from '../../../../shared/Modal';
import { useBilling } from '../BillingContext';
import { creditsPathFor } from '../paths';
import { useCreditBalanceQuery } from '../queries';
import { creditsLabel, missingCredits } from '../rules';
import './credits.css';

interface InsufficientCreditsModalProps {
  /** The credits the refused spend costs. */
  needed: number;
  /** What they were for, to finish 'This … needs 5 credits': 'floor plan'. */
  what: string;
  onClose(): void;
}

/**
 * The insufficient-credits modal (000 §2 "Other modals"), wherever the server refused a spend with 'Provider does
 * not have enough credits': what the spend needs against what is available now (the balance is asked again), and
 * "Buy N credits" for what is missing, on the credits page with pay-as-you-go preselected on N (those who manage
 * billing; others are told to ask an admin), or Cancel.
 */
export function InsufficientCreditsModal({ needed, what, onClose }: InsufficientCreditsModalProps) {
  const balance = useCreditBalanceQuery();
  const { canManageBilling } = useBilling();
  const available = balance.data?.availableBalance;
  const missing = available === undefined ? needed : missingCredits(needed, available);

  return (
    <Modal
      title="Not enough credits"
      onClose={onClose}
      footer={
        <div className="actions insufficient-credits-actions">
          {canManageBilling && (
            <Link className="button button-primary" to={creditsPathFor(missing)}>
              Buy {creditsLabel(missing)}
            </Link>
          )}
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      }
    >
      <p>
        This {what} needs {creditsLabel(needed)}
        {available === undefined ? '.' : `, and you have ${creditsLabel(available)} available.`}
      </p>
      <dl className="details insufficient-credits" aria-busy={balance.isFetching || undefined}>
        <dt>Needed</dt>
        <dd>{creditsLabel(needed)}</dd>
        <dt>Available</dt>
        <dd>{available === undefined ? '…' : creditsLabel(available)}</dd>
        <dt>Missing</dt>
        <dd>{creditsLabel(missing)}</dd>
      </dl>
      {canManageBilling ? (
        <p className="muted">Credits never expire: what you buy now stays for your next orders too.</p>
      ) : (
        <p className="muted">Only the admins of your account can buy credits: ask one of them to add some.</p>
      )}
    </Modal>
  );
}
