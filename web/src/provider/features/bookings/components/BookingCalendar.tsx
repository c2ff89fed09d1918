import { useId } from 'react';
import type { CalendarDay } from '../api';
import { addDays, addMonths, dayLabel, monthLabel, SHORT_WEEKDAYS, weekdayOf } from '../time';

interface BookingCalendarProps {
  /** YYYY-MM. */
  month: string;
  days: CalendarDay[] | undefined;
  /** Today in the page's time zone. */
  today: string;
  selected: string | null;
  busy: boolean;
  onSelect(day: string | null): void;
  onMonth(month: string): void;
}

const MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0];

const countOf = (day: CalendarDay | undefined) =>
  day ? day.pending + day.accepted + day.completed + day.closed : 0;

function dayDescription(day: string, counts: CalendarDay | undefined): string {
  const total = countOf(counts);
  if (!counts || total === 0) return `${dayLabel(day)}: no bookings`;
  const parts = [
    counts.pending && `${counts.pending} pending`,
    counts.accepted && `${counts.accepted} accepted`,
    counts.completed && `${counts.completed} completed`,
    counts.closed && `${counts.closed} declined or cancelled`,
  ].filter(Boolean);
  return `${dayLabel(day)}: ${total} ${total === 1 ? 'booking' : 'bookings'} (${parts.join(', ')})`;
}

/**
 * A month of bookings: a grid of days (Monday first) with each day's count, the pending ones marked; today
 * outlined; a day picked shows its bookings (picked again: back to the upcoming ones).
 */
export function BookingCalendar({
  month,
  days,
  today,
  selected,
  busy,
  onSelect,
  onMonth,
}: BookingCalendarProps) {
  const headingId = useId();
  const first = `${month}-01`;
  const lead = (weekdayOf(first) + 6) % 7;
  const length = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  const byDate = new Map((days ?? []).map((day) => [day.date, day]));
  const cells: Array<string | null> = [
    ...Array.from({ length: lead }, () => null),
    ...Array.from({ length }, (_, index) => addDays(first, index)),
  ];
  while (cells.length % 7 !== 0) cells.push(null);

  return (
    <section className="card booking-calendar" aria-labelledby={headingId} aria-busy={busy || undefined}>
      <div className="calendar-heading">
        <button
          type="button"
          className="button button-secondary"
          aria-label="Previous month"
          onClick={() => onMonth(addMonths(month, -1))}
        >
          ‹
        </button>
        <h2 id={headingId}>{monthLabel(month)}</h2>
        <button
          type="button"
          className="button button-secondary"
          aria-label="Next month"
          onClick={() => onMonth(addMonths(month, 1))}
        >
          ›
        </button>
      </div>
      <div className="calendar-grid">
        <div className="calendar-row" aria-hidden="true">
          {MONDAY_FIRST.map((weekday) => (
            <span key={weekday} className="calendar-weekday">
              {SHORT_WEEKDAYS[weekday]}
            </span>
          ))}
        </div>
        {Array.from({ length: cells.length / 7 }, (_, row) => (
          <div className="calendar-row" key={row}>
            {cells.slice(row * 7, row * 7 + 7).map((day, index) => {
              if (!day) return <span key={index} className="calendar-day calendar-blank" />;
              const counts = byDate.get(day);
              const total = countOf(counts);
              const classes = [
                'calendar-day',
                day === today && 'calendar-today',
                day === selected && 'calendar-selected',
                total > 0 && 'calendar-busy',
              ].filter(Boolean);
              return (
                <span key={day}>
                  <button
                    type="button"
                    className={classes.join(' ')}
                    aria-label={dayDescription(day, counts)}
                    aria-pressed={day === selected}
                    aria-current={day === today ? 'date' : undefined}
                    onClick={() => onSelect(day === selected ? null : day)}
                  >
                    <span className="calendar-date">{Number(day.slice(8, 10))}</span>
                    {total > 0 && (
                      <span
                        className={counts!.pending > 0 ? 'calendar-count calendar-pending' : 'calendar-count'}
                      >
                        {total}
                      </span>
                    )}
                  </button>
                </span>
              );
            })}
          </div>
        ))}
      </div>
      <p className="muted calendar-legend">
        <span className="calendar-count calendar-pending">1</span> waiting for your answer ·{' '}
        <span className="calendar-count">1</span> answered
      </p>
    </section>
  );
}
