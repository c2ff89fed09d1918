import { useId, useState } from 'react';
import { BOOKING_LIMITS, TIME_ZONES } from '@tourly/contracts';
import { ApiError } from '../../../../api/errors';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { fieldMessage } from '../../../../shared/Field';
import { SelectField } from '../../../../shared/SelectField';
import type { WorkingHours } from '../api';
import { useSaveMemberMutation } from '../queries';
import { WEEKDAYS, zoneLabel } from '../time';

interface Window {
  starts: string;
  ends: string;
}

/** Monday first, as a working week reads. */
const WEEK = [1, 2, 3, 4, 5, 6, 0];
const DEFAULT_WINDOW: Window = { starts: '09:00', ends: '17:00' };

interface MemberHoursEditorProps {
  userId: string;
  name: string;
  timeZone: string;
  hours: WorkingHours[];
  disabled: boolean;
  /** Shown once the hours are saved. */
  onSaved?(): void;
  onCancel?(): void;
}

/**
 * When one team member takes bookings, in their own time zone: for each weekday a checkbox and the hours (up to
 * four windows a day). The server's messages go under the window they are about.
 */
export function MemberHoursEditor({
  userId,
  name,
  timeZone: initialZone,
  hours,
  disabled,
  onSaved,
  onCancel,
}: MemberHoursEditorProps) {
  const zoneId = useId();
  const save = useSaveMemberMutation();
  const [timeZone, setTimeZone] = useState(initialZone);
  const [days, setDays] = useState<Window[][]>(() =>
    [0, 1, 2, 3, 4, 5, 6].map((weekday) =>
      hours.filter((window) => window.weekday === weekday).map(({ starts, ends }) => ({ starts, ends })),
    ),
  );
  const [notice, setNotice] = useState('');
  const busy = disabled || save.isPending;

  // The list sent, and which window each of its entries is (the server's messages name the entry).
  const sent: WorkingHours[] = [];
  const slotOf = new Map<string, number>();
  for (const weekday of [0, 1, 2, 3, 4, 5, 6])
    days[weekday]!.forEach((window, index) => {
      slotOf.set(`${weekday}:${index}`, sent.length);
      sent.push({ weekday, ...window });
    });
  const fields = save.error instanceof ApiError ? save.error.fields : {};
  const messagesOf = (weekday: number, index: number, part: 'starts' | 'ends') =>
    fields[`bookingMember.hours.${slotOf.get(`${weekday}:${index}`)}.${part}`];
  const claimed = Object.keys(fields).filter((key) => /^bookingMember\.hours\.\d+\./.test(key));
  // What no window shows: the zone, the day's limit, someone no longer in the team, the request as a whole.
  const labels: Record<string, string> = { 'bookingMember.timeZone': 'Time zone', userId: name };
  const rest =
    save.error instanceof ApiError
      ? Object.entries(fields).flatMap(([key, messages]) =>
          claimed.includes(key)
            ? []
            : key === 'base'
              ? messages
              : [fieldMessage(labels[key] ?? 'Hours', messages)!],
        )
      : save.error;

  const change = (weekday: number, next: Window[]) => {
    setNotice('');
    setDays((current) => current.map((windows, day) => (day === weekday ? next : windows)));
  };

  async function submit() {
    setNotice('');
    const outcome = await save.run(userId, timeZone, sent);
    if (outcome.ok) {
      setNotice(`${name}’s hours are saved.`);
      onSaved?.();
    }
  }

  return (
    <div className="member-hours">
      <SelectField
        label="Time zone"
        value={timeZone}
        disabled={busy}
        onChange={(event) => {
          setNotice('');
          setTimeZone(event.target.value);
        }}
      >
        {TIME_ZONES.map((zone) => (
          <option key={zone} value={zone}>
            {zoneLabel(zone)}
          </option>
        ))}
      </SelectField>
      <fieldset className="plain-fieldset" aria-describedby={zoneId}>
        <legend className="field-label">Weekly hours</legend>
        <p id={zoneId} className="field-hint">
          In {timeZone.replace(/_/g, ' ')} time.
        </p>
        <ul className="week-hours">
          {WEEK.map((weekday) => {
            const windows = days[weekday]!;
            return (
              <li key={weekday} className="week-day">
                <label className="check week-day-name">
                  <input
                    type="checkbox"
                    checked={windows.length > 0}
                    disabled={busy}
                    onChange={(event) => change(weekday, event.target.checked ? [DEFAULT_WINDOW] : [])}
                  />
                  {WEEKDAYS[weekday]}
                </label>
                <div className="week-day-windows">
                  {windows.length === 0 && <span className="muted">Not working</span>}
                  {windows.map((window, index) => {
                    const problems = [
                      fieldMessage('Start', messagesOf(weekday, index, 'starts')),
                      fieldMessage('End', messagesOf(weekday, index, 'ends')),
                    ].filter(Boolean);
                    const label = `${WEEKDAYS[weekday]}${windows.length > 1 ? ` (${index + 1})` : ''}`;
                    const set = (part: keyof Window, value: string) =>
                      change(
                        weekday,
                        windows.map((other, at) => (at === index ? { ...other, [part]: value } : other)),
                      );
                    return (
                      <div key={index} className="hours-window">
                        <input
                          type="time"
                          className="field-input"
                          aria-label={`${label} starts`}
                          aria-invalid={messagesOf(weekday, index, 'starts') ? true : undefined}
                          value={window.starts}
                          step={900}
                          disabled={busy}
                          onChange={(event) => set('starts', event.target.value)}
                        />
                        <span aria-hidden="true">–</span>
                        <input
                          type="time"
                          className="field-input"
                          aria-label={`${label} ends`}
                          aria-invalid={messagesOf(weekday, index, 'ends') ? true : undefined}
                          value={window.ends}
                          step={900}
                          disabled={busy}
                          onChange={(event) => set('ends', event.target.value)}
                        />
                        {index > 0 && (
                          <button
                            type="button"
                            className="button button-secondary"
                            aria-label={`Remove ${label}`}
                            disabled={busy}
                            onClick={() =>
                              change(
                                weekday,
                                windows.filter((_, at) => at !== index),
                              )
                            }
                          >
                            Remove
                          </button>
                        )}
                        {problems.length > 0 && <p className="field-message">{problems.join(' & ')}</p>}
                      </div>
                    );
                  })}
                  {windows.length > 0 && windows.length < BOOKING_LIMITS.windowsPerDay && (
                    <button
                      type="button"
                      className="button button-secondary"
                      aria-label={`Add more hours on ${WEEKDAYS[weekday]}`}
                      disabled={busy}
                      onClick={() =>
                        change(weekday, [
                          ...windows,
                          { starts: windows[windows.length - 1]!.ends, ends: '18:00' },
                        ])
                      }
                    >
                      More hours
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <ErrorDisplay error={Array.isArray(rest) && rest.length === 0 ? null : rest} />
      <div className="actions">
        <button type="button" className="button button-primary" disabled={busy} onClick={() => void submit()}>
          {save.isPending ? 'Saving…' : `Save ${name}’s hours`}
        </button>
        {onCancel && (
          <button
            type="button"
            className="button button-secondary"
            disabled={save.isPending}
            onClick={onCancel}
          >
            Cancel
          </button>
        )}
      </div>
      <p className="muted" role="status">
        {notice}
      </p>
    </div>
  );
}
