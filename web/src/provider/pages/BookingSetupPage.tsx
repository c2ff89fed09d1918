import { useId, useState } from 'react';
import { Link } from 'react-router';
import {
  ACCESS_TYPE_LABELS,
  ACCESS_TYPES,
  BOOKING_LIMITS,
  BOOKING_NEEDS_PLAN,
  SLOT_STEPS,
  TIME_ZONES,
  type AccessType,
} from '@tourly/contracts';
import { ApiError } from '../../api/errors';
import { ConfirmDialog } from '../../shared/ConfirmDialog';
import { ErrorDisplay } from '../../shared/ErrorDisplay';
import { fieldMessage } from '../../shared/Field';
import { formatMoney } from '../../shared/format';
import { useForm } from '../../shared/forms/useForm';
import { Loading } from '../../shared/Loading';
import { SelectField } from '../../shared/SelectField';
import { PRODUCT_NAME } from '../../shared/strings';
import { TextAreaField } from '../../shared/TextAreaField';
import { TextField } from '../../shared/TextField';
import { BILLING_PATH } from '../features/billing/paths';
import type { BookingMember, BookingPage, BookingPageValues, BookingService } from '../features/bookings/api';
import '../features/bookings/bookings.css';
import '../features/clients/clients.css';
import { MemberHoursEditor } from '../features/bookings/components/MemberHoursEditor';
import { ServiceFormModal } from '../features/bookings/components/ServiceFormModal';
import { SetupProgress } from '../features/bookings/components/SetupProgress';
import { bookFormPath, BOOKINGS_PATH } from '../features/bookings/paths';
import {
  useBookingPageQuery,
  usePublishMutation,
  useRemoveMemberMutation,
  useRemoveServiceMutation,
  useSaveBookingPageMutation,
  useUnpublishMutation,
} from '../features/bookings/queries';
import { SHORT_WEEKDAYS, zoneLabel } from '../features/bookings/time';
import { useAccountPermissionsQuery } from '../features/settings/queries';
import { useMembersQuery } from '../features/team/queries';
import { CopyField } from '../features/tours/sharing/components/CopyField';
import '../features/tours/sharing/sharing.css';

/**
 * `/provider/bookings/setup`: the booking page agents book on (001 §2's setup progress, then its address and
 * wording, time zone, notice and slot step, how the photographer gets in), the services it offers, who takes
 * bookings and when, publishing (a paid plan's; the free plan previews it), the preview and the public link.
 * Everyone in the team reads it; admins change it.
 */
export default function BookingSetupPage() {
  const page = useBookingPageQuery();
  const permissions = useAccountPermissionsQuery();
  const isAdmin = permissions.data?.role === 'admin';

  if (page.error) {
    return (
      <div className="page">
        <title>{`Booking page · ${PRODUCT_NAME}`}</title>
        <h1>Booking page</h1>
        <div className="list-failure">
          <ErrorDisplay error={page.error} />
          <button type="button" className="button button-secondary" onClick={() => void page.refetch()}>
            Try again
          </button>
        </div>
      </div>
    );
  }
  if (!page.data || permissions.isPending) return <Loading />;
  const data = page.data;

  return (
    <div className="page booking-setup">
      <title>{`Booking page · ${PRODUCT_NAME}`}</title>
      <p>
        <Link to={BOOKINGS_PATH}>← Bookings</Link>
      </p>
      <div className="page-heading">
        <h1>Booking page</h1>
        <Link className="button button-secondary" to={bookFormPath(data.slug, true)}>
          Preview the form
        </Link>
      </div>
      {!isAdmin && <p className="alert alert-info">Only your team’s admins can change the booking page.</p>}
      <SetupProgress steps={data.setup} />
      <Publishing page={data} isAdmin={isAdmin} />
      <PageForm page={data} disabled={!isAdmin} />
      <Services page={data} disabled={!isAdmin} />
      <Members page={data} isAdmin={isAdmin} />
    </div>
  );
}

function Publishing({ page, isAdmin }: { page: BookingPage; isAdmin: boolean }) {
  const headingId = useId();
  const reasonId = useId();
  const publish = usePublishMutation();
  const unpublish = useUnpublishMutation();
  const pending = publish.isPending || unpublish.isPending;
  const error = publish.error ?? unpublish.error;
  const refusedForPlan = error instanceof ApiError && error.status === 403 && isAdmin;
  const link = `${window.location.origin}${page.path}`;
  return (
    <section className="card" aria-labelledby={headingId}>
      <div className="section-heading">
        <h2 id={headingId}>Publishing</h2>
        <span className={page.published ? 'badge badge-success' : 'badge badge-neutral'}>
          {page.published ? 'Published' : 'Not published'}
        </span>
      </div>
      {page.published ? (
        <>
          <p>Agents can book on your form now.</p>
          <CopyField
            label="Public link"
            value={link}
            hint="Share it with agents, or put it on your website."
          />
        </>
      ) : (
        <p>Agents cannot see the form until it is published. You can preview it at any time.</p>
      )}
      {!page.canPublish && !page.published && (
        <p id={reasonId} className="alert alert-warning">
          {BOOKING_NEEDS_PLAN} <Link to={BILLING_PATH}>Upgrade your plan</Link>
        </p>
      )}
      <ErrorDisplay error={error} />
      {refusedForPlan && page.canPublish && (
        <p>
          <Link to={BILLING_PATH}>Accounts and billing</Link>
        </p>
      )}
      {isAdmin && (
        <div className="actions">
          {page.published ? (
            <button
              type="button"
              className="button button-secondary"
              disabled={pending}
              onClick={() => {
                publish.reset();
                void unpublish.run();
              }}
            >
              {unpublish.isPending ? 'Unpublishing…' : 'Unpublish'}
            </button>
          ) : (
            <button
              type="button"
              className="button button-primary"
              disabled={pending || !page.canPublish}
              aria-describedby={page.canPublish ? undefined : reasonId}
              onClick={() => {
                unpublish.reset();
                void publish.run();
              }}
            >
              {publish.isPending ? 'Publishing…' : 'Publish'}
            </button>
          )}
          <Link to={bookFormPath(page.slug, true)}>Preview the form</Link>
        </div>
      )}
    </section>
  );
}

const PAGE_FIELDS = {
  slug: 'bookingPage.slug',
  title: 'bookingPage.title',
  intro: 'bookingPage.intro',
  timeZone: 'bookingPage.timeZone',
  leadTimeHours: 'bookingPage.leadTimeHours',
  slotMinutes: 'bookingPage.slotMinutes',
  accessTypes: 'bookingPage.accessTypes',
} as const;

function PageForm({ page, disabled }: { page: BookingPage; disabled: boolean }) {
  const headingId = useId();
  const accessId = useId();
  const save = useSaveBookingPageMutation();
  const [notice, setNotice] = useState('');
  const form = useForm<BookingPageValues, keyof typeof PAGE_FIELDS>({
    initial: {
      slug: page.slug,
      title: page.title,
      intro: page.intro ?? '',
      timeZone: page.timeZone,
      leadTimeHours: String(page.leadTimeHours),
      slotMinutes: String(page.slotMinutes),
      accessTypes: page.accessTypes,
    },
    fields: PAGE_FIELDS,
    submit: (values) => {
      setNotice('');
      return save.run(values);
    },
    onSuccess: () => setNotice('The booking page is saved.'),
  });
  const busy = disabled || form.isPending;
  const accessMessage = fieldMessage('Access types', form.errors.fields.accessTypes);
  const toggle = (type: AccessType, on: boolean) =>
    form.set(
      'accessTypes',
      ACCESS_TYPES.filter((other) => (other === type ? on : form.values.accessTypes.includes(other))),
    );
  // The zones, with today's offsets; one the list lacks (none should) is kept so the select shows it.
  const zones: readonly string[] = TIME_ZONES.includes(form.values.timeZone as (typeof TIME_ZONES)[number])
    ? TIME_ZONES
    : [form.values.timeZone, ...TIME_ZONES];

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>The page</h2>
      {!page.saved && <p className="muted">These are suggestions: check them and save the page to start.</p>}
      <form noValidate onSubmit={form.handleSubmit}>
        <div ref={form.alertRef} tabIndex={-1}>
          <ErrorDisplay error={form.errors.alert} />
        </div>
        <TextField
          {...form.field('slug')}
          label="Page address"
          hint={`Lowercase letters, digits and dashes. The form's link: ${window.location.origin}/book/${form.values.slug.trim().toLowerCase() || '…'}`}
          autoCapitalize="none"
          spellCheck={false}
          requiredMark
          disabled={busy}
        />
        <TextField {...form.field('title')} label="Title" requiredMark disabled={busy} />
        <TextAreaField
          {...form.field('intro')}
          label="Introduction"
          hint="A few words agents read above the form (optional)."
          rows={3}
          disabled={busy}
        />
        <SelectField
          {...form.field('timeZone')}
          label="Time zone"
          hint="The times the form offers are in this zone."
          disabled={busy}
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zoneLabel(zone)}
            </option>
          ))}
        </SelectField>
        <TextField
          {...form.field('leadTimeHours')}
          label="Notice (hours)"
          hint={`How long before a shoot a booking must come in: 0 to ${BOOKING_LIMITS.maxLeadTimeHours} hours.`}
          inputMode="numeric"
          requiredMark
          disabled={busy}
        />
        <SelectField {...form.field('slotMinutes')} label="Times offered every" disabled={busy}>
          {SLOT_STEPS.map((minutes) => (
            <option key={minutes} value={String(minutes)}>
              {minutes} minutes
            </option>
          ))}
        </SelectField>
        <fieldset
          className="plain-fieldset field"
          aria-describedby={accessMessage ? `${accessId}-messages` : undefined}
          aria-invalid={accessMessage ? true : undefined}
        >
          <legend className="field-label">How the photographer gets in</legend>
          <p className="field-hint">The choices agents have on the form.</p>
          {ACCESS_TYPES.map((type, index) => (
            <label key={type} className="check">
              <input
                ref={index === 0 ? form.ref('accessTypes') : undefined}
                type="checkbox"
                checked={form.values.accessTypes.includes(type)}
                disabled={busy}
                onChange={(event) => toggle(type, event.target.checked)}
              />
              {ACCESS_TYPE_LABELS[type]}
            </label>
          ))}
          {accessMessage && (
            <p id={`${accessId}-messages`} className="field-message">
              {accessMessage}
            </p>
          )}
        </fieldset>
        {!disabled && (
          <div className="actions">
            <button type="submit" className="button button-primary" disabled={busy}>
              {form.isPending ? 'Saving…' : 'Save page'}
            </button>
          </div>
        )}
        <p className="muted" role="status">
          {notice}
        </p>
      </form>
    </section>
  );
}

function Services({ page, disabled }: { page: BookingPage; disabled: boolean }) {
  const headingId = useId();
  const [editing, setEditing] = useState<BookingService | 'new' | null>(null);
  const [removing, setRemoving] = useState<BookingService | null>(null);
  const remove = useRemoveServiceMutation();
  const full = page.services.length >= BOOKING_LIMITS.servicesPerPage;
  return (
    <section className="card" aria-labelledby={headingId}>
      <div className="section-heading">
        <h2 id={headingId}>Services</h2>
        {!disabled && (
          <button type="button" className="button" disabled={full} onClick={() => setEditing('new')}>
            Add a service
          </button>
        )}
      </div>
      {page.services.length === 0 ? (
        <p className="muted">No services yet: add what agents can book (a 3D scan, photos, a floor plan).</p>
      ) : (
        <ul className="record-list" aria-label="Services">
          {page.services.map((service) => (
            <li key={service.id} className="record-row">
              <div className="record-row-main">
                <h3 className="record-row-title">{service.name}</h3>
                <p className="record-row-line">
                  {service.durationMinutes} min · {formatMoney(service.priceCents, service.currency)}
                </p>
                {service.description && <p className="record-row-line muted">{service.description}</p>}
              </div>
              {!disabled && (
                <div className="record-row-actions">
                  <button
                    type="button"
                    className="button button-secondary"
                    aria-label={`Edit ${service.name}`}
                    onClick={() => setEditing(service)}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="button button-secondary"
                    aria-label={`Remove ${service.name}`}
                    onClick={() => setRemoving(service)}
                  >
                    Remove
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {full && (
        <p className="muted">A booking page offers at most {BOOKING_LIMITS.servicesPerPage} services.</p>
      )}
      <ErrorDisplay error={remove.error} />
      {editing && (
        <ServiceFormModal
          service={editing === 'new' ? undefined : editing}
          defaultCurrency={page.services[0]?.currency ?? 'usd'}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.name ?? 'the service'}?`}
        confirmLabel="Remove service"
        isPending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={async () => {
          if (removing) await remove.run(removing.id);
          setRemoving(null);
        }}
      >
        <p>Agents can no longer book it. Bookings already made keep it.</p>
      </ConfirmDialog>
    </section>
  );
}

/** 'Mon–Fri 09:00–17:00'-like summary: each working day with its hours. */
function hoursSummary(member: BookingMember): string {
  if (member.hours.length === 0) return 'No hours: takes no bookings';
  return [1, 2, 3, 4, 5, 6, 0]
    .map((weekday) => {
      const windows = member.hours.filter((window) => window.weekday === weekday);
      if (windows.length === 0) return null;
      return `${SHORT_WEEKDAYS[weekday]} ${windows.map((window) => `${window.starts}–${window.ends}`).join(', ')}`;
    })
    .filter(Boolean)
    .join(' · ');
}

function Members({ page, isAdmin }: { page: BookingPage; isAdmin: boolean }) {
  const headingId = useId();
  const team = useMembersQuery(1, 100);
  const [editing, setEditing] = useState<string | null>(null);
  const [picked, setPicked] = useState('');
  const [adding, setAdding] = useState<{ userId: string; name: string } | null>(null);
  const [removing, setRemoving] = useState<BookingMember | null>(null);
  const remove = useRemoveMemberMutation();
  const taking = new Set(page.members.map((member) => member.userId));
  const addable = (team.data?.items ?? []).filter((person) => !taking.has(person.userId));
  const nameOf = (member: BookingMember) => member.fullName ?? 'A former team member';

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Who takes bookings</h2>
      <p className="muted">
        Each person’s weekly hours, in their own time zone. A booking goes to someone free for the whole
        shoot.
      </p>
      {page.members.length === 0 && !adding && (
        <p className="muted">Nobody yet: add yourself or a team member.</p>
      )}
      <ul className="member-list">
        {page.members.map((member) => (
          <li key={member.userId} className="member-item">
            <div className="member-summary">
              <div>
                <h3 className="record-row-title">{nameOf(member)}</h3>
                <p className="record-row-line muted">
                  {zoneLabel(member.timeZone)} · {hoursSummary(member)}
                </p>
              </div>
              {isAdmin && editing !== member.userId && (
                <div className="record-row-actions">
                  <button
                    type="button"
                    className="button button-secondary"
                    aria-label={`Edit ${nameOf(member)}’s hours`}
                    onClick={() => setEditing(member.userId)}
                  >
                    Edit hours
                  </button>
                  <button
                    type="button"
                    className="button button-secondary"
                    aria-label={`Stop ${nameOf(member)} taking bookings`}
                    onClick={() => setRemoving(member)}
                  >
                    Remove
                  </button>
                </div>
              )}
            </div>
            {editing === member.userId && (
              <MemberHoursEditor
                userId={member.userId}
                name={nameOf(member)}
                timeZone={member.timeZone}
                hours={member.hours}
                disabled={!isAdmin}
                onSaved={() => setEditing(null)}
                onCancel={() => setEditing(null)}
              />
            )}
          </li>
        ))}
        {adding && (
          <li className="member-item">
            <h3 className="record-row-title">{adding.name}</h3>
            <MemberHoursEditor
              userId={adding.userId}
              name={adding.name}
              timeZone={page.timeZone}
              hours={[]}
              disabled={!isAdmin}
              onSaved={() => setAdding(null)}
              onCancel={() => setAdding(null)}
            />
          </li>
        )}
      </ul>
      {isAdmin && (
        <>
          {team.error ? (
            <div className="list-failure">
              <ErrorDisplay error={team.error} />
              <button type="button" className="button button-secondary" onClick={() => void team.refetch()}>
                Try again
              </button>
            </div>
          ) : !adding && addable.length > 0 ? (
            <form
              className="member-picker"
              onSubmit={(event) => {
                event.preventDefault();
                const person = addable.find((choice) => choice.userId === picked);
                if (person)
                  setAdding({ userId: person.userId, name: `${person.firstName} ${person.lastName}`.trim() });
                setPicked('');
              }}
            >
              <SelectField
                label="Add a team member"
                value={picked}
                onChange={(event) => setPicked(event.target.value)}
              >
                <option value="">Choose someone…</option>
                {addable.map((person) => (
                  <option key={person.userId} value={person.userId}>
                    {`${person.firstName} ${person.lastName}`.trim()} ({person.email})
                  </option>
                ))}
              </SelectField>
              <button type="submit" className="button" disabled={!picked}>
                Set their hours
              </button>
            </form>
          ) : null}
        </>
      )}
      <ErrorDisplay error={remove.error} />
      <ConfirmDialog
        open={removing !== null}
        title={`Stop ${removing ? nameOf(removing) : 'them'} taking bookings?`}
        confirmLabel="Remove"
        isPending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={async () => {
          if (removing) await remove.run(removing.userId);
          setRemoving(null);
        }}
      >
        <p>The form stops offering their hours. Bookings already made stay theirs.</p>
      </ConfirmDialog>
    </section>
  );
}
