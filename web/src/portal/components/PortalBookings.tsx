import { useId, useState } from 'react';
import { BookingStatusBadge } from '../../provider/features/bookings/components/BookingStatusBadge';
import { whenLabel } from '../../provider/features/bookings/time';
import { ErrorDisplay } from '../../shared/ErrorDisplay';
import { formatMoney } from '../../shared/format';
import { Loading } from '../../shared/Loading';
import { Pager } from '../../shared/Pager';
import type { PortalSource } from '../api';
import { usePortalBookingsQuery } from '../queries';

/**
 * The client's shoots (the bookings its agents made that the provider accepted): those to come first, then the
 * past ones; each with its time (in the booking's time zone), address, services, price and whether it was invoiced.
 */
export function PortalBookings({ source }: { source: PortalSource }) {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const bookings = usePortalBookingsQuery(source, page);
  const data = bookings.data;
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Your shoots</h2>
      <ErrorDisplay error={bookings.error} />
      {!data ? (
        !bookings.error && <Loading />
      ) : data.totalCount === 0 ? (
        <p className="muted">No shoots yet: a booking appears here once the photographer has accepted it.</p>
      ) : (
        <>
          <ul className="record-list" aria-label="Shoots" aria-busy={bookings.isFetching || undefined}>
            {data.items.map((booking) => (
              <li key={booking.id} className="record-row">
                <div className="record-row-main">
                  <h3 className="record-row-title">{booking.formattedAddress}</h3>
                  <p className="record-row-line">
                    {whenLabel(booking.startsAt, booking.endsAt, booking.timeZone)}
                  </p>
                  <p className="record-row-line muted">
                    {booking.services.map((service) => service.name).join(', ')} ·{' '}
                    {formatMoney(booking.totalCents, booking.currency)} · booked by {booking.fullName}
                    {booking.invoicedAt ? ' · invoiced' : ''}
                  </p>
                </div>
                <BookingStatusBadge status={booking.status} />
              </li>
            ))}
          </ul>
          <Pager
            label="Shoots pages"
            page={data.currentPage}
            totalPages={data.totalPages}
            disabled={bookings.isFetching}
            onPage={setPage}
          />
        </>
      )}
    </section>
  );
}
