import { Link } from 'react-router';
import { useBilling } from '../../billing/BillingContext';
import { BILLING_PATH } from '../../billing/paths';

/**
 * Without the creator studio: what staging is, the server's words, and the plans (the upgrade's plan grid, as the
 * publish bar offers it), instead of an editor that could not save.
 */
export function CreatorStudioRequired({ messages }: { messages: string[] }) {
  const { canManageBilling, openUpgrade } = useBilling();
  return (
    <section className="card staging-upsell" aria-labelledby="staging-upsell-title">
      <h2 id="staging-upsell-title">Virtual staging comes with the creator studio</h2>
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
      <p>
        Staging furnishes an empty scanned room with 3D furniture and decor (the platform’s library, your own
        models or Sketchfab’s) placed on the floor of the scan; visitors see the staged room in the tour once
        you publish it.
      </p>
      {canManageBilling ? (
        <p className="staging-upsell-actions">
          <button type="button" className="button button-primary" onClick={openUpgrade}>
            See the plans
          </button>
          <Link to={BILLING_PATH}>Accounts and billing</Link>
        </p>
      ) : (
        <p className="muted">Ask an admin of your account to upgrade the plan.</p>
      )}
    </section>
  );
}
