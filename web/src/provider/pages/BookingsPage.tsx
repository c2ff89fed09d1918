import { useId, useState } from 'react';
import { Link } from 'react-router';
import { BOOKING_STATUSES, type BookingStatus } from '@tourly/contracts';
import { ErrorDisplay } from '../../shared/ErrorDisplay';
import { formatMoney } from '../../shared/format';
import { Loading } from '../../shared/Loading';
import { Pager } from '../../shared/Pager';
import { SelectField } from '../../shared/SelectField';
import { PRODUCT_NAME } from '../../shared/strings';
import { TextField } from '../../shared/TextField';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../shared/useDebouncedValue';
import '../features/bookings/bookings.css';
import '../features/clients/clients.css';
import { BookingCalendar } from '../features/bookings/components/BookingCalendar';
import { BookingStatusBadge, STATUS_LABELS } from '../features/bookings/components/BookingStatusBadge';
import { SetupProgress } from '../features/bookings/components/SetupProgress';
import { BOOKING_SETUP_PATH, bookingPath } from '../features/bookings/paths';
import { useBookingPageQuery, useBookingsQuery, useCalendarQuery } from '../features/bookings/queries';
import { dayLabel, todayIn, whenLabel } from '../features/bookings/time';

const PAGE_SIZE = 20;
const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * `/provider/bookings`: the month's calendar (each day's bookings counted, the pending ones marked) beside the
 * bookings of the day picked, or else the upcoming ones from today, filtered by status and searched (agent, email,
 * agency, address), a page at a time. While the booking page's setup is not complete, its progress and the way on.
 */
export default function BookingsPage() {
  const listHeadingId = useId();
  const bookingPage = useBookingPageQuery();
  const zone = bookingPage.data?.timeZone ?? localZone();
  const today = todayIn(zone);
  // Today's month in the booking page's zone (its days are that zone's) until the person turns the calendar: a month
  // fixed from the browser's own zone showed November while the provider's Sydney was already in December.
  const [chosenMonth, setMonth] = useState<string | null>(null);
  const month = chosenMonth ?? today.slice(0, 7);
  const [selected, setSelected] = useState<string | null>(null);
  const [status, setStatus] = useState<BookingStatus | ''>('');
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const filter = { selected, status, q };
  const [pages, setPages] = useState({ key: '', page: 1 });
  const key = JSON.stringify(filter);
  // A new filter starts at its first page.
  const page = pages.key === key ? pages.page : 1;
  const calendar = useCalendarQuery(month);
  const list = useBookingsQuery({
    page,
    pageSize: PAGE_SIZE,
    from: selected ?? today,
    to: selected ?? undefined,
    status: status || undefined,
    q,
  });
  const data = list.data;
  const setup = bookingPage.data?.setup;
  const setupDone = setup?.every((step) => step.done) ?? true;

  return (
    <div className="page bookings-page">
      <title>{`Bookings · ${PRODUCT_NAME}`}</title>
      <div className="page-heading">
        <h1>Bookings</h1>
        <Link className="button button-secondary" to={BOOKING_SETUP_PATH}>
          Booking page setup
        </Link>
      </div>
      {setup && !setupDone && (
        <SetupProgress steps={setup}>
          <p>
            <Link to={BOOKING_SETUP_PATH}>Continue the setup</Link>
          </p>
        </SetupProgress>
      )}
      <div className="bookings-layout">
        <div>
          {calendar.error ? (
            <div className="list-failure">
              <ErrorDisplay error={calendar.error} />
              <button
                type="button"
                className="button button-secondary"
                onClick={() => void calendar.refetch()}
              >
                Try again
              </button>
            </div>
          ) : (
            <BookingCalendar
              month={month}
              days={calendar.data?.days}
              today={today}
              selected={selected}
              busy={calendar.isFetching}
              onSelect={setSelected}
              onMonth={setMonth}
            />
          )}
        </div>
        <section className="bookings-list" aria-labelledby={listHeadingId}>
          <div className="section-heading">
            <h2 id={listHeadingId}>{selected ? dayLabel(selected) : 'Upcoming'}</h2>
            {selected && (
              <button type="button" className="button button-secondary" onClick={() => setSelected(null)}>
                Show upcoming
              </button>
            )}
          </div>
          <div className="bookings-filters">
            <TextField
              label="Search bookings"
              type="search"
              value={text}
              onChange={(event) => setText(event.target.value)}
              hint="Agent, email, agency or address."
            />
            <SelectField
              label="Status"
              value={status}
              onChange={(event) => setStatus(event.target.value as BookingStatus | '')}
            >
              <option value="">Any status</option>
              {BOOKING_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {STATUS_LABELS[value]}
                </option>
              ))}
            </SelectField>
          </div>
          {list.error ? (
            <div className="list-failure">
              <ErrorDisplay error={list.error} />
              <button type="button" className="button button-secondary" onClick={() => void list.refetch()}>
                Try again
              </button>
            </div>
          ) : !data ? (
            <Loading />
          ) : data.totalCount === 0 ? (
            <p className="muted">
              {q || status
                ? 'No bookings match.'
                : selected
                  ? 'No bookings on this day.'
                  : 'No upcoming bookings.'}
            </p>
          ) : (
            <>
              <p className="muted" role="status">
                {data.totalCount} {data.totalCount === 1 ? 'booking' : 'bookings'}
                {list.isFetching ? ' · updating…' : ''}
              </p>
              <ul className="record-list" aria-label="Bookings" aria-busy={list.isFetching || undefined}>
                {data.items.map((booking) => (
                  <li key={booking.id} className="record-row">
                    <div className="record-row-main">
                      <h3 className="record-row-title">
                        <Link to={bookingPath(booking.id)}>
                          {booking.fullName}
                          {booking.agencyName ? ` · ${booking.agencyName}` : ''}
                        </Link>
                      </h3>
                      <p className="record-row-line">
                        {whenLabel(booking.startsAt, booking.endsAt, booking.timeZone)}
                      </p>
                      <p className="record-row-line muted">{booking.formattedAddress}</p>
                      <p className="record-row-line muted">
                        {booking.services.map((service) => service.name).join(', ')} ·{' '}
                        {formatMoney(booking.totalCents, booking.currency)}
                        {booking.assignedUserName ? ` · ${booking.assignedUserName}` : ''}
                      </p>
                    </div>
                    <BookingStatusBadge status={booking.status} />
                  </li>
                ))}
              </ul>
              <Pager
                label="Bookings pages"
                page={data.currentPage}
                totalPages={data.totalPages}
                disabled={list.isFetching}
                onPage={(next) => setPages({ key, page: next })}
              />
            </>
          )}
        </section>
      </div>
    </div>
  );
}
