import { WEBHOOK_TEST_EVENT_TYPE } from '@tourly/contracts';
import { PREVIOUS_SECRET_HOURS, type EventTypeOption } from '../rules';

const EXAMPLE = `import { Webhook } from 'standardwebhooks';

const webhook = new Webhook(process.env.WEBHOOK_SECRET); // whsec_…

// The raw body as it arrived (not parsed and serialised again), and the headers.
const event = webhook.verify(rawBody, {
  'webhook-id': headers['webhook-id'],
  'webhook-timestamp': headers['webhook-timestamp'],
  'webhook-signature': headers['webhook-signature'],
});
// Throws when the signature or the timestamp is wrong. event: { type, timestamp, data }`;

/**
 * How deliveries look and how a receiver checks them (Standard Webhooks), and the event types with what each
 * means: for the developer who builds the receiver.
 */
export function VerifyingHelp({ eventTypes }: { eventTypes: EventTypeOption[] }) {
  return (
    <section className="card" aria-labelledby="developers-verifying">
      <h2 id="developers-verifying">Receiving and verifying deliveries</h2>
      <p>
        Each event is a <code>POST</code> of JSON, <code>{'{ type, timestamp, data }'}</code>, to the
        endpoint&apos;s URL. Answer with a 2xx status within a few seconds, and do the work afterwards: any
        other answer, or none, is tried again later with growing waits.
      </p>
      <p>
        Deliveries follow <a href="https://www.standardwebhooks.com/">Standard Webhooks</a>: the headers{' '}
        <code>webhook-id</code> (the same on every attempt of one delivery, so you can drop a repeat),{' '}
        <code>webhook-timestamp</code> and <code>webhook-signature</code> (<code>v1,</code> and an HMAC-SHA256
        of them and the body, made with the endpoint&apos;s signing secret). Any Standard Webhooks library
        checks them. For {PREVIOUS_SECRET_HOURS} hours after you rotate a secret, deliveries carry two
        signatures, one per secret, separated by a space.
      </p>
      <pre className="webhook-code" tabIndex={0} aria-label="Verifying in Node.js">
        <code>{EXAMPLE}</code>
      </pre>
      <details className="webhook-event-reference">
        <summary>The event types</summary>
        <dl className="webhook-event-list">
          {eventTypes.map((option) => (
            <div key={option.type}>
              <dt>
                <code>{option.type}</code>
              </dt>
              <dd>{option.description}</dd>
            </div>
          ))}
        </dl>
        <p className="muted">
          “Send test event” sends <code>{WEBHOOK_TEST_EVENT_TYPE}</code> to one endpoint, whatever it
          subscribes to.
        </p>
      </details>
    </section>
  );
}
