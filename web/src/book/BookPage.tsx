import { useEffect, useId, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { ACCESS_TYPE_LABELS, BOOKING_LIMITS, type AccessType } from '@tourly/contracts';
import { ApiError } from '../api/errors';
import type {
  AddressSuggestion,
  BookingReceived,
  BookingRequestValues,
  PublicBookingPage,
} from '../provider/features/bookings/api';
import {
  useAddressesQuery,
  useAvailabilityQuery,
  usePublicPageQuery,
  useRequestBookingMutation,
} from '../provider/features/bookings/queries';
import {
  addDays,
  clockIn,
  dayLabel,
  gmtOffset,
  SHORT_WEEKDAYS,
  todayIn,
  weekdayOf,
  whenLabel,
} from '../provider/features/bookings/time';
import { ErrorDisplay } from '../shared/ErrorDisplay';
import { fieldMessage } from '../shared/Field';
import { formatMoney } from '../shared/format';
import { useForm } from '../shared/forms/useForm';
import { Loading } from '../shared/Loading';
import { MESSAGES, PRODUCT_NAME } from '../shared/strings';
import { TextAreaField } from '../shared/TextAreaField';
import { TextField } from '../shared/TextField';
import { useDebouncedValue } from '../shared/useDebouncedValue';
import './book.css';

/** Spec 000 §2 and §9: address suggestions are asked for once typing has stopped for a second. */
const ADDRESS_DEBOUNCE_MS = 1000;
const NOT_FOUND = 'This booking page does not exist or is not taking bookings';
const PREVIEW_BANNER = 'Preview: this is how agents see your form. Agents can book once it is published.';

const FIELDS = {
  serviceIds: 'booking.serviceIds',
  startsAt: 'booking.startsAt',
  address: 'booking.address',
  accessType: 'booking.accessType',
  accessDetails: 'booking.accessDetails',
  fullName: 'booking.fullName',
  emailAddress: 'booking.emailAddress',
  phoneNumber: 'booking.phoneNumber',
  agencyName: 'booking.agencyName',
  notes: 'booking.notes',
} as const;

/**
 * `/book/:slug`: a provider's public booking form, for agents without an account, phone first: the services
 * (with their durations and prices, and the total), a week of days with the times free for them in the page's time
 * zone, the address (suggestions after a second's pause; one chosen is confirmed), how to get in, who is booking;
 * then what was sent, the provider to confirm by email. `?preview=1`: the provider's own preview (signed in),
 * published or not, which sends nothing.
 */
export default function BookPage() {
  const { slug = '' } = useParams();
  const [search] = useSearchParams();
  const preview = search.get('preview') === '1';
  const page = usePublicPageQuery(slug, preview);
  const [received, setReceived] = useState<{ booking: BookingReceived; email: string } | null>(null);

  let body;
  if (page.error) {
    const missing = page.error instanceof ApiError && page.error.status === 404;
    const signedOut = page.error instanceof ApiError && page.error.status === 401;
    body = missing ? (
      <section className="book-card" aria-labelledby="book-missing">
        <h1 id="book-missing">{NOT_FOUND}</h1>
        <p>Check the link you were given, or contact the photographer directly.</p>
      </section>
    ) : signedOut ? (
      <section className="book-card">
        <h1>Sign in to preview your booking form</h1>
        <p>
          <a href="/users/sign_in">Sign in</a>
        </p>
      </section>
    ) : (
      <div className="book-card">
        <ErrorDisplay error={page.error} />
        <button type="button" className="button button-secondary" onClick={() => void page.refetch()}>
          Try again
        </button>
      </div>
    );
  } else if (!page.data) {
    body = <Loading />;
  } else if (received) {
    body = <Received page={page.data} booking={received.booking} email={received.email} />;
  } else {
    body = (
      <BookingForm
        slug={slug}
        preview={preview}
        page={page.data}
        onReceived={(booking, email) => {
          setReceived({ booking, email });
          window.scrollTo(0, 0);
        }}
      />
    );
  }

  return (
    <div className="book-page">
      <title>{`${page.data?.title ?? 'Book a shoot'} · ${PRODUCT_NAME}`}</title>
      {preview && (
        <p className="book-preview" role="note">
          {PREVIEW_BANNER}
        </p>
      )}
      <main className="book-main">{body}</main>
    </div>
  );
}

function Received({
  page,
  booking,
  email,
}: {
  page: PublicBookingPage;
  booking: BookingReceived;
  email: string;
}) {
  return (
    <section className="book-card" aria-labelledby="book-received">
      <h1 id="book-received">Booking requested</h1>
      <p className="alert alert-success">
        Thank you. {page.providerName ?? 'The photographer'} will confirm your booking by email to {email}.
      </p>
      <dl className="details">
        <dt>When</dt>
        <dd>
          {whenLabel(booking.startsAt, booking.endsAt, booking.timeZone)} (
          {booking.timeZone.replace(/_/g, ' ')} time)
        </dd>
        <dt>Where</dt>
        <dd>{booking.formattedAddress}</dd>
      </dl>
    </section>
  );
}

interface BookingFormProps {
  slug: string;
  preview: boolean;
  page: PublicBookingPage;
  onReceived(booking: BookingReceived, email: string): void;
}

function BookingForm({ slug, preview, page, onReceived }: BookingFormProps) {
  const send = useRequestBookingMutation(slug, preview);
  const onlyAccess = page.accessTypes.length === 1 ? page.accessTypes[0]! : '';
  const form = useForm<BookingRequestValues, keyof typeof FIELDS, BookingReceived>({
    initial: {
      serviceIds: page.services.length === 1 ? [page.services[0]!.id] : [],
      startsAt: '',
      address: '',
      accessType: onlyAccess,
      accessDetails: '',
      fullName: '',
      emailAddress: '',
      phoneNumber: '',
      agencyName: '',
      notes: '',
    },
    fields: FIELDS,
    submit: async (values) => {
      if (preview) return undefined;
      const outcome = await send.run(slug, values);
      // The time went to someone else meanwhile: the times are read again (the mutation's refusal), pick another.
      if (!outcome.ok && outcome.error instanceof ApiError && outcome.error.status === 409)
        form.set('startsAt', '');
      return outcome;
    },
    onSuccess: (booking, values) => onReceived(booking, values.emailAddress.trim()),
  });
  const { values, isPending } = form;
  const picked = page.services.filter((service) => values.serviceIds.includes(service.id));

  const toggleService = (id: string, on: boolean) => {
    form.set(
      'serviceIds',
      page.services
        .filter((service) => (service.id === id ? on : values.serviceIds.includes(service.id)))
        .map((service) => service.id),
    );
    // Another length of shoot: other times fit.
    form.set('startsAt', '');
  };

  return (
    <form noValidate onSubmit={form.handleSubmit} className="book-form">
      <header className="book-card book-intro">
        {page.providerName && <p className="book-provider">{page.providerName}</p>}
        <h1>{page.title}</h1>
        {page.intro && <p className="book-text">{page.intro}</p>}
      </header>

      <div ref={form.alertRef} tabIndex={-1}>
        <ErrorDisplay error={form.errors.alert} />
      </div>

      <Services
        page={page}
        selected={values.serviceIds}
        disabled={isPending}
        messages={form.errors.fields.serviceIds}
        inputRef={form.ref('serviceIds')}
        onToggle={toggleService}
      />

      <Times
        slug={slug}
        preview={preview}
        page={page}
        serviceIds={values.serviceIds}
        durationMinutes={picked.reduce((total, service) => total + service.durationMinutes, 0)}
        chosen={values.startsAt}
        disabled={isPending}
        messages={form.errors.fields.startsAt}
        focusRef={form.ref('startsAt')}
        onChoose={(startsAt) => form.set('startsAt', startsAt)}
      />

      <section className="book-card" aria-labelledby="book-where">
        <h2 id="book-where">Where</h2>
        <AddressField
          slug={slug}
          preview={preview}
          value={values.address}
          disabled={isPending}
          messages={form.errors.fields.address}
          inputRef={form.ref('address')}
          onChange={(address) => form.set('address', address)}
        />
        <fieldset className="plain-fieldset field">
          <legend className="field-label">
            How will the photographer get in?<span aria-hidden="true">*</span>
          </legend>
          {page.accessTypes.map((type: AccessType, index) => (
            <label key={type} className="check">
              <input
                ref={index === 0 ? form.ref('accessType') : undefined}
                type="radio"
                name="accessType"
                value={type}
                checked={values.accessType === type}
                disabled={isPending}
                onChange={() => form.set('accessType', type)}
              />
              {ACCESS_TYPE_LABELS[type]}
            </label>
          ))}
          {form.errors.fields.accessType && (
            <p className="field-message">{fieldMessage('Access', form.errors.fields.accessType)}</p>
          )}
        </fieldset>
        <TextAreaField
          {...form.field('accessDetails')}
          label="Access details"
          hint="A key safe's code, whom to ask for, where to park (optional)."
          rows={3}
          disabled={isPending}
        />
      </section>

      <section className="book-card" aria-labelledby="book-who">
        <h2 id="book-who">Your details</h2>
        <TextField
          {...form.field('fullName')}
          label="Full name"
          autoComplete="name"
          requiredMark
          disabled={isPending}
        />
        <TextField
          {...form.field('emailAddress')}
          label="Email"
          type="email"
          autoComplete="email"
          requiredMark
          disabled={isPending}
        />
        <TextField
          {...form.field('phoneNumber')}
          label="Phone number"
          type="tel"
          autoComplete="tel"
          disabled={isPending}
        />
        <TextField
          {...form.field('agencyName')}
          label="Agency"
          autoComplete="organization"
          disabled={isPending}
        />
        <TextAreaField
          {...form.field('notes')}
          label="Notes"
          hint="Anything the photographer should know (optional)."
          rows={3}
          disabled={isPending}
        />
      </section>

      <div className="book-card book-confirm">
        {picked.length > 0 && <Total services={picked} />}
        {preview && <p className="muted">Preview: the form sends nothing.</p>}
        <button type="submit" className="button button-primary" disabled={isPending || preview}>
          {isPending ? 'Sending…' : 'Confirm booking'}
        </button>
        <p className="muted">{page.providerName ?? 'The photographer'} confirms each booking by email.</p>
      </div>
    </form>
  );
}

/** The price of the services picked (each currency on its own: a page may price in several) and the shoot's length. */
function Total({ services }: { services: PublicBookingPage['services'] }) {
  const byCurrency = new Map<string, number>();
  for (const service of services)
    byCurrency.set(service.currency, (byCurrency.get(service.currency) ?? 0) + service.priceCents);
  const minutes = services.reduce((total, service) => total + service.durationMinutes, 0);
  return (
    <p className="book-total">
      <span>Total</span>
      <span>
        {[...byCurrency].map(([currency, cents]) => formatMoney(cents, currency)).join(' + ')} · {minutes} min
      </span>
    </p>
  );
}

interface ServicesProps {
  page: PublicBookingPage;
  selected: string[];
  disabled: boolean;
  messages: string[] | undefined;
  inputRef: (element: HTMLElement | null) => void;
  onToggle(id: string, on: boolean): void;
}

function Services({ page, selected, disabled, messages, inputRef, onToggle }: ServicesProps) {
  const message = fieldMessage('Services', messages);
  const full = selected.length >= BOOKING_LIMITS.servicesPerBooking;
  return (
    <section className="book-card" aria-labelledby="book-services">
      <fieldset className="plain-fieldset" aria-invalid={message ? true : undefined}>
        <legend>
          <h2 id="book-services">Services</h2>
        </legend>
        {page.services.length === 0 && <p className="muted">No services are offered yet.</p>}
        <ul className="book-services">
          {page.services.map((service, index) => {
            const on = selected.includes(service.id);
            return (
              <li key={service.id}>
                <label className="check book-service">
                  <input
                    ref={index === 0 ? inputRef : undefined}
                    type="checkbox"
                    checked={on}
                    disabled={disabled || (full && !on)}
                    onChange={(event) => onToggle(service.id, event.target.checked)}
                  />
                  <span className="book-service-text">
                    <span className="book-service-name">{service.name}</span>
                    <span className="muted">
                      {service.durationMinutes} min · {formatMoney(service.priceCents, service.currency)}
                    </span>
                    {service.description && <span className="muted book-text">{service.description}</span>}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
        {message && <p className="field-message">{message}</p>}
      </fieldset>
    </section>
  );
}

interface TimesProps {
  slug: string;
  preview: boolean;
  page: PublicBookingPage;
  serviceIds: string[];
  durationMinutes: number;
  chosen: string;
  disabled: boolean;
  messages: string[] | undefined;
  focusRef: (element: HTMLElement | null) => void;
  onChoose(startsAt: string): void;
}

/** A week strip (not before today, nor past the form's horizon) and the chosen day's times, in the page's zone. */
function Times({
  slug,
  preview,
  page,
  serviceIds,
  durationMinutes,
  chosen,
  disabled,
  messages,
  focusRef,
  onChoose,
}: TimesProps) {
  const zone = page.timeZone;
  const today = todayIn(zone);
  const [weekStart, setWeekStart] = useState(today);
  const [day, setDay] = useState<string | null>(null);
  const availability = useAvailabilityQuery(slug, preview, weekStart, serviceIds);
  const days = availability.isPlaceholderData ? undefined : availability.data?.days;
  const lastStart = addDays(today, BOOKING_LIMITS.horizonDays - 7);
  // The day shown: the one picked, else the week's first with times.
  const shown =
    days?.find((candidate) => candidate.date === day) ??
    days?.find((candidate) => candidate.slots.length > 0);
  const message = fieldMessage('Time', messages);

  // A chosen time no longer offered (taken meanwhile, or another week read) is let go.
  useEffect(() => {
    if (
      chosen &&
      days &&
      !days.some((candidate) => candidate.slots.includes(chosen)) &&
      dayOfChosenInWeek(chosen, zone, weekStart)
    )
      onChoose('');
  }, [days, chosen, zone, weekStart, onChoose]);

  const moveWeek = (delta: number) => {
    setDay(null);
    setWeekStart((current) => {
      const next = addDays(current, delta * 7);
      return next < today ? today : next;
    });
  };

  return (
    <section className="book-card" aria-labelledby="book-when">
      <h2 id="book-when" ref={focusRef} tabIndex={-1}>
        When
      </h2>
      <p className="muted">
        Times are in {zone.replace(/_/g, ' ')} time ({gmtOffset(zone)}).
        {durationMinutes > 0 && ` The shoot takes ${durationMinutes} minutes.`}
      </p>
      {message && <p className="field-message">{message}</p>}
      {serviceIds.length === 0 ? (
        <p className="muted">Pick a service to see the times available.</p>
      ) : (
        <>
          <div className="week-nav">
            <button
              type="button"
              className="button button-secondary"
              disabled={weekStart <= today}
              onClick={() => moveWeek(-1)}
            >
              ‹ Earlier
            </button>
            <span className="week-range">
              {shortDay(weekStart)} – {shortDay(addDays(weekStart, 6))}
            </span>
            <button
              type="button"
              className="button button-secondary"
              disabled={weekStart >= lastStart}
              onClick={() => moveWeek(1)}
            >
              Later ›
            </button>
          </div>
          {availability.error ? (
            <div className="list-failure">
              <ErrorDisplay error={availability.error} />
              <button
                type="button"
                className="button button-secondary"
                onClick={() => void availability.refetch()}
              >
                Try again
              </button>
            </div>
          ) : !days ? (
            <Loading />
          ) : (
            <>
              <div className="week-strip" role="group" aria-label="Days">
                {days.map((candidate) => (
                  <button
                    key={candidate.date}
                    type="button"
                    className="week-strip-day"
                    aria-pressed={candidate.date === shown?.date}
                    aria-label={`${dayLabel(candidate.date)}: ${candidate.slots.length === 0 ? 'no times' : `${candidate.slots.length} times`}`}
                    disabled={candidate.slots.length === 0}
                    onClick={() => setDay(candidate.date)}
                  >
                    <span>{SHORT_WEEKDAYS[weekdayOf(candidate.date)]}</span>
                    <strong>{Number(candidate.date.slice(8, 10))}</strong>
                  </button>
                ))}
              </div>
              {shown ? (
                <div role="group" aria-label={`Times on ${dayLabel(shown.date)}`} className="slot-list">
                  <p className="slot-day">{dayLabel(shown.date)}</p>
                  {shown.slots.map((slot) => (
                    <button
                      key={slot}
                      type="button"
                      className="slot"
                      aria-pressed={slot === chosen}
                      disabled={disabled}
                      onClick={() => onChoose(slot)}
                    >
                      {clockIn(slot, zone)}
                    </button>
                  ))}
                </div>
              ) : (
                <p className="muted">No times free this week: try a later week.</p>
              )}
              {chosen && (
                <p className="alert alert-info" role="status">
                  Chosen: {dayLabel(dayOfChosen(chosen, zone))} at {clockIn(chosen, zone)}
                </p>
              )}
            </>
          )}
        </>
      )}
    </section>
  );
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '30 Nov'. */
const shortDay = (day: string) => `${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1]}`;

const dayOfChosen = (chosen: string, zone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(chosen));

function dayOfChosenInWeek(chosen: string, zone: string, weekStart: string): boolean {
  const day = dayOfChosen(chosen, zone);
  return day >= weekStart && day <= addDays(weekStart, 6);
}

interface AddressFieldProps {
  slug: string;
  /** The provider's preview: the suggestions come from its own route (the form may not be published). */
  preview: boolean;
  value: string;
  disabled: boolean;
  messages: string[] | undefined;
  inputRef: (element: HTMLElement | null) => void;
  onChange(address: string): void;
}

/**
 * The address with suggestions (spec 000 §2): asked for a second after typing stops; choosing one confirms it
 * ('The address is confirmed'); typing again un-confirms it; none found: 'Address not found'.
 */
function AddressField({ slug, preview, value, disabled, messages, inputRef, onChange }: AddressFieldProps) {
  const listId = useId();
  const [confirmed, setConfirmed] = useState<AddressSuggestion | null>(null);
  const typed = useDebouncedValue(value.trim(), ADDRESS_DEBOUNCE_MS);
  const asking = !confirmed && typed.length >= 3 && typed === value.trim();
  const suggestions = useAddressesQuery(slug, preview, typed, asking);
  const found = asking ? suggestions.data : undefined;

  return (
    <div className="address-field">
      <TextField
        ref={inputRef}
        label="Address"
        hint="Start typing, then pick the address from the suggestions."
        value={value}
        autoComplete="street-address"
        requiredMark
        disabled={disabled}
        messages={messages}
        aria-controls={found && found.length > 0 ? listId : undefined}
        onChange={(event) => {
          setConfirmed(null);
          onChange(event.target.value);
        }}
      />
      {confirmed ? (
        <div className="alert alert-success" role="status">
          <p className="alert-title">{MESSAGES.addressConfirmed}</p>
          <p>{confirmed.formattedAddress}</p>
        </div>
      ) : asking && suggestions.error ? (
        <ErrorDisplay
          error={
            suggestions.error instanceof ApiError && suggestions.error.status === 429
              ? suggestions.error
              : MESSAGES.mapsSuggestionsFailed
          }
        />
      ) : asking && suggestions.isFetching && !found ? (
        <p className="muted" role="status">
          Looking the address up…
        </p>
      ) : found && found.length === 0 ? (
        <p className="field-message" role="status">
          {MESSAGES.addressNotFound}
        </p>
      ) : found && found.length > 0 ? (
        <ul id={listId} className="address-suggestions" aria-label="Address suggestions">
          {found.map((suggestion) => (
            <li key={`${suggestion.formattedAddress}:${suggestion.latitude}:${suggestion.longitude}`}>
              <button
                type="button"
                className="address-suggestion"
                disabled={disabled}
                onClick={() => {
                  setConfirmed(suggestion);
                  onChange(suggestion.formattedAddress);
                }}
              >
                {suggestion.formattedAddress}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
