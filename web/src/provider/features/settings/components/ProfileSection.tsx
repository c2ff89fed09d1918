import { useState } from 'react';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { Loading } from '../../../../shared/Loading';
import { useForm } from '../../../../shared/forms/useForm';
import { TextField } from '../../../../shared/TextField';
import type { Me } from '../api';
import { ProfilePicture } from './ProfilePicture';
import { useMeQuery, useUpdateProfileMutation } from '../queries';

/** The signed-in person's own picture, names and phone number (GET and PATCH /users/me), whatever their role. */
export function ProfileSection() {
  const me = useMeQuery();
  return (
    <section className="card" aria-labelledby="settings-profile">
      <h2 id="settings-profile">Profile</h2>
      <ErrorDisplay error={me.error} />
      {!me.data && !me.error && <Loading />}
      {me.data && <ProfilePicture me={me.data} readOnly={!!me.data.impersonatorId} />}
      {me.data && (me.data.impersonatorId ? <ProfileDetails me={me.data} /> : <ProfileForm me={me.data} />)}
    </section>
  );
}

/** An administrator acting as the person reads their details but does not change them (the server says 403). */
function ProfileDetails({ me }: { me: Me }) {
  return (
    <>
      <dl className="details">
        <dt>Name</dt>
        <dd>{`${me.firstName} ${me.lastName}`.trim() || '—'}</dd>
        <dt>Phone number</dt>
        <dd>{me.phoneNumber ?? 'Not set'}</dd>
      </dl>
      <p className="muted">
        Only the person can change their own profile, not an administrator viewing the account.
      </p>
    </>
  );
}

function ProfileForm({ me }: { me: Me }) {
  const [saved, setSaved] = useState(false);
  const update = useUpdateProfileMutation();
  const form = useForm({
    initial: { firstName: me.firstName, lastName: me.lastName, phoneNumber: me.phoneNumber ?? '' },
    fields: { firstName: 'user.firstName', lastName: 'user.lastName', phoneNumber: 'user.phoneNumber' },
    submit: (changes) => {
      setSaved(false);
      return update.run(changes);
    },
    onSuccess: (updated) => {
      form.setValues({
        firstName: updated.firstName,
        lastName: updated.lastName,
        phoneNumber: updated.phoneNumber ?? '',
      });
      setSaved(true);
    },
  });
  const edit = (key: 'firstName' | 'lastName' | 'phoneNumber') => (event: { target: { value: string } }) => {
    form.set(key, event.target.value);
    setSaved(false);
  };

  return (
    <form noValidate onSubmit={form.handleSubmit}>
      <div ref={form.alertRef} tabIndex={-1}>
        <ErrorDisplay error={form.errors.alert} />
      </div>
      <TextField
        {...form.field('firstName')}
        label="First name"
        name="firstName"
        autoComplete="given-name"
        onChange={edit('firstName')}
      />
      <TextField
        {...form.field('lastName')}
        label="Last name"
        name="lastName"
        autoComplete="family-name"
        onChange={edit('lastName')}
      />
      <TextField
        {...form.field('phoneNumber')}
        label="Phone number"
        hint="Shown to visitors on tours where you are an agent. Digits, spaces and + - ( ) . are fine, e.g. +1 (555) 010-9999. Leave it empty to show none."
        name="phoneNumber"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        onChange={edit('phoneNumber')}
      />
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={form.isPending}>
          Save profile
        </button>
        <p role="status" className="muted">
          {saved ? 'Profile saved.' : ''}
        </p>
      </div>
    </form>
  );
}
