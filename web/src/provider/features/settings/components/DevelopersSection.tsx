import { Link } from 'react-router';
import { DEVELOPERS_PATH } from '../../developers/paths';

/** The way to the Developers page (webhooks), for the roles that manage settings. */
export function DevelopersSection() {
  return (
    <section className="card" aria-labelledby="settings-developers">
      <h2 id="settings-developers">Developers</h2>
      <p>
        Webhooks: send this provider&apos;s events (a property created, an order delivered, a lead received…)
        to your own systems as they happen.
      </p>
      <p>
        <Link to={DEVELOPERS_PATH}>Manage webhooks →</Link>
      </p>
    </section>
  );
}
