import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ACCESS_TYPE_LABELS } from '@tourly/contracts';
import { ApiError } from '../../api/errors';
import { ConfirmDialog } from '../../shared/ConfirmDialog';
import { ErrorDisplay } from '../../shared/ErrorDisplay';
import { formatDateTime, formatMoney } from '../../shared/format';
import { Loading } from '../../shared/Loading';
import { PRODUCT_NAME } from '../../shared/strings';
import { TextAreaField } from '../../shared/TextAreaField';
import type { Booking } from '../features/bookings/api';
import '../features/bookings/bookings.css';
import { BookingStatusBadge } from '../features/bookings/components/BookingStatusBadge';
import { BOOKINGS_PATH } from '../features/bookings/paths';
import {
  useBookingQuery,
  useCancelBookingMutation,
  useMarkInvoicedMutation,
  useUpdateBookingMutation,
} from '../features/bookings/queries';
import { whenLabel } from '../features/bookings/time';
import { clientPath } from '../features/clients/paths';
import { propertyPath } from '../features/properties/paths';

/** The server's refusal in its own words: a field's message ('cannot be completed before the shoot starts') reads as a sentence about the booking. */
function refusal(error: unknown): unknown {
  if (!(error instanceof ApiError) || Object.keys(error.fields).length === 0) return error;
  return Object.entries(error.fields).flatMap(([field, messages]) =>
    messages.map((message) =>
      field !== 'base' && /^[a-z]/.test(message) ? `The booking ${message}.` : message,
    ),
  );
}

/** The time now, moved on every half minute (a shoot's start passing enables "Mark completed"). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * `/provider/bookings/:id`: one booking: when (in its time zone), the services and their prices, the address and
 * how to get in, the agent (email and phone as links), the client and property once known; what can be done in its
 * status (pending: accept or decline; accepted: complete once started, or cancel with a reason; accepted or
 * completed: mark as invoiced) and the provider's own notes. Refusals in the server's words.
 */
export default function BookingPage() {
  const { id = '' } = useParams();
  const booking = useBookingQuery(id);

  if (booking.error) {
    const missing = booking.error instanceof ApiError && booking.error.status === 404;
    return (
      <div className="page">
        <title>{`Booking not found · ${PRODUCT_NAME}`}</title>
        <ErrorDisplay error={booking.error} title={missing ? 'Booking not found' : undefined} />
        <div className="actions">
          {!missing && (
            <button type="button" className="button button-secondary" onClick={() => void booking.refetch()}>
              Try again
            </button>
          )}
          <Link to={BOOKINGS_PATH}>Back to bookings</Link>
        </div>
      </div>
    );
  }
  if (!booking.data) return <Loading />;
  return <BookingDetails booking={booking.data} />;
}

function BookingDetails({ booking }: { booking: Booking }) {
  const zone = booking.timeZone;
  return (
    <div className="page">
      <title>{`${booking.fullName} · Bookings · ${PRODUCT_NAME}`}</title>
      <p>
        <Link to={BOOKINGS_PATH}>← Bookings</Link>
      </p>
      <div className="page-heading">
        <h1>{booking.fullName}</h1>
        <BookingStatusBadge status={booking.status} />
      </div>
      <BookingActions booking={booking} />
      <section className="card" aria-label="Shoot">
        <h2>Shoot</h2>
        <dl className="details">
          <dt>When</dt>
          <dd>
            {whenLabel(booking.startsAt, booking.endsAt, zone)}{' '}
            <span className="muted">({zone.replace(/_/g, ' ')} time)</span>
          </dd>
          <dt>Address</dt>
          <dd>{booking.formattedAddress}</dd>
          <dt>Access</dt>
          <dd>
            {ACCESS_TYPE_LABELS[booking.accessType]}
            {booking.accessDetails && <span className="booking-text">{booking.accessDetails}</span>}
          </dd>
          <dt>Team member</dt>
          <dd>{booking.assignedUserName ?? 'No longer in the team'}</dd>
          {booking.propertyId && (
            <>
              <dt>Property</dt>
              <dd>
                <Link to={propertyPath(booking.propertyId)}>
                  {booking.propertyTitle ?? 'Open the property'}
                </Link>
              </dd>
            </>
          )}
        </dl>
        <h3>Services</h3>
        <ul className="booked-services">
          {booking.services.map((service) => (
            <li key={service.id}>
              <span>
                {service.name} <span className="muted">({service.durationMinutes} min)</span>
              </span>
              <span>{formatMoney(service.priceCents, booking.currency)}</span>
            </li>
          ))}
          <li className="booked-total">
            <span>Total</span>
            <span>{formatMoney(booking.totalCents, booking.currency)}</span>
          </li>
        </ul>
      </section>
      <section className="card" aria-label="Agent">
        <h2>Agent</h2>
        <dl className="details">
          <dt>Name</dt>
          <dd>{booking.fullName}</dd>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${booking.emailAddress}`}>{booking.emailAddress}</a>
          </dd>
          <dt>Phone number</dt>
          <dd>
            {booking.phoneNumber ? <a href={`tel:${booking.phoneNumber}`}>{booking.phoneNumber}</a> : '—'}
          </dd>
          <dt>Agency</dt>
          <dd>
            {booking.providerClientId ? (
              <Link to={clientPath(booking.providerClientId)}>
                {booking.providerClientName ?? booking.agencyName ?? 'Open the client'}
              </Link>
            ) : (
              (booking.agencyName ?? '—')
            )}
          </dd>
          <dt>Agent’s notes</dt>
          <dd>{booking.notes ? <span className="booking-text">{booking.notes}</span> : '—'}</dd>
        </dl>
      </section>
      <History booking={booking} />
      <ProviderNotes booking={booking} />
    </div>
  );
}

function BookingActions({ booking }: { booking: Booking }) {
  const update = useUpdateBookingMutation();
  const invoice = useMarkInvoicedMutation();
  const cancel = useCancelBookingMutation();
  const reasonId = useId();
  const [confirming, setConfirming] = useState<'decline' | 'cancel' | null>(null);
  const [reason, setReason] = useState('');
  const [notice, setNotice] = useState('');
  const now = useNow();
  const started = Date.parse(booking.startsAt) <= now;
  const pending = update.isPending || invoice.isPending || cancel.isPending;
  const error = update.error ?? invoice.error ?? cancel.error;

  async function act(run: () => Promise<{ ok: boolean }>, done: string) {
    update.reset();
    invoice.reset();
    cancel.reset();
    setNotice('');
    const outcome = await run();
    if (outcome.ok) setNotice(done);
    return outcome.ok;
  }

  const buttons: ReactNode[] = [];
  if (booking.status === 'pending') {
    buttons.push(
      <button
        key="accept"
        type="button"
        className="button button-primary"
        disabled={pending}
        onClick={() =>
          void act(
            () => update.run(booking.id, { response: 'accepted' }),
            'The booking is accepted: the agent is told by email.',
          )
        }
      >
        Accept
      </button>,
      <button
        key="decline"
        type="button"
        className="button button-secondary"
        disabled={pending}
        onClick={() => setConfirming('decline')}
      >
        Decline
      </button>,
    );
  }
  if (booking.status === 'accepted') {
    buttons.push(
      <button
        key="complete"
        type="button"
        className="button button-primary"
        disabled={pending || !started}
        aria-describedby={started ? undefined : `${reasonId}-complete`}
        onClick={() =>
          void act(() => update.run(booking.id, { outcome: 'completed' }), 'The booking is completed.')
        }
      >
        Mark completed
      </button>,
      <button
        key="cancel"
        type="button"
        className="button button-secondary"
        disabled={pending}
        onClick={() => setConfirming('cancel')}
      >
        Cancel booking
      </button>,
    );
  }
  if ((booking.status === 'accepted' || booking.status === 'completed') && !booking.invoicedAt) {
    buttons.push(
      <button
        key="invoice"
        type="button"
        className="button button-secondary"
        disabled={pending}
        onClick={() => void act(() => invoice.run(booking.id), 'The booking is marked as invoiced.')}
      >
        Mark as invoiced
      </button>,
    );
  }

  return (
    <section className="card" aria-label="Actions">
      {buttons.length > 0 ? (
        <div className="actions">{buttons}</div>
      ) : (
        <p className="muted">
          {booking.status === 'declined' || booking.status === 'cancelled'
            ? 'This booking is closed: nothing more to do.'
            : 'Nothing more to do: the booking is completed and invoiced.'}
        </p>
      )}
      {booking.status === 'accepted' && !started && (
        <p id={`${reasonId}-complete`} className="muted">
          “Mark completed” works once the shoot has started.
        </p>
      )}
      {booking.invoicedAt && <p className="muted">Invoiced on {formatDateTime(booking.invoicedAt)}.</p>}
      <ErrorDisplay error={refusal(error)} />
      <p className="muted" role="status">
        {notice}
      </p>
      <ConfirmDialog
        open={confirming === 'decline'}
        title="Decline this booking?"
        confirmLabel="Decline booking"
        isPending={pending}
        onCancel={() => setConfirming(null)}
        onConfirm={async () => {
          await act(
            () => update.run(booking.id, { response: 'declined' }),
            'The booking is declined: the agent is told by email.',
          );
          setConfirming(null);
        }}
      >
        <p>The agent is told by email, and the time is offered to others again.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'cancel'}
        title="Cancel this booking?"
        confirmLabel="Cancel booking"
        isPending={pending}
        onCancel={() => setConfirming(null)}
        onConfirm={async () => {
          await act(
            () => cancel.run(booking.id, reason),
            'The booking is cancelled: the agent is told by email.',
          );
          setConfirming(null);
          setReason('');
        }}
      >
        <p>The agent is told by email, and the time is offered to others again.</p>
        <TextAreaField
          label="Reason (optional)"
          hint="Sent to the agent."
          rows={3}
          value={reason}
          maxLength={500}
          disabled={pending}
          onChange={(event) => setReason(event.target.value)}
        />
      </ConfirmDialog>
    </section>
  );
}

function History({ booking }: { booking: Booking }) {
  return (
    <section className="card" aria-label="History">
      <h2>History</h2>
      <dl className="details">
        <dt>Requested</dt>
        <dd>{formatDateTime(booking.createdAt)}</dd>
        {booking.respondedAt && (
          <>
            <dt>Answered</dt>
            <dd>{formatDateTime(booking.respondedAt)}</dd>
          </>
        )}
        {booking.cancelledAt && (
          <>
            <dt>Cancelled</dt>
            <dd>
              {formatDateTime(booking.cancelledAt)}
              {booking.cancelReason && <span className="booking-text">{booking.cancelReason}</span>}
            </dd>
          </>
        )}
        {booking.invoicedAt && (
          <>
            <dt>Invoiced</dt>
            <dd>{formatDateTime(booking.invoicedAt)}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

function ProviderNotes({ booking }: { booking: Booking }) {
  const update = useUpdateBookingMutation();
  const [notes, setNotes] = useState(booking.providerNotes ?? '');
  const [notice, setNotice] = useState('');
  const changed = notes.trim() !== (booking.providerNotes ?? '');
  return (
    <section className="card" aria-label="Your notes">
      <h2>Your notes</h2>
      <form
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          setNotice('');
          const outcome = await update.run(booking.id, { providerNotes: notes.trim() || null });
          if (outcome.ok) setNotice('Notes saved.');
        }}
      >
        <TextAreaField
          label="Notes for your team"
          hint="Only your team sees them."
          rows={4}
          maxLength={2000}
          value={notes}
          disabled={update.isPending}
          messages={
            update.error instanceof ApiError
              ? update.error.fields['providerPropertiesUpdateBookingForm.providerNotes']
              : undefined
          }
          onChange={(event) => {
            setNotice('');
            setNotes(event.target.value);
          }}
        />
        <ErrorDisplay
          error={
            update.error instanceof ApiError &&
            update.error.fields['providerPropertiesUpdateBookingForm.providerNotes']
              ? null
              : refusal(update.error)
          }
        />
        <div className="actions">
          <button type="submit" className="button" disabled={update.isPending || !changed}>
            {update.isPending ? 'Saving…' : 'Save notes'}
          </button>
        </div>
        <p className="muted" role="status">
          {notice}
        </p>
      </form>
    </section>
  );
}
