import { TOUR_LIMITS, TOUR_MESSAGES } from '@tourly/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../../shared/ConfirmDialog';
import { ErrorDisplay } from '../../../../../shared/ErrorDisplay';
import { useForm } from '../../../../../shared/forms/useForm';
import { TextField } from '../../../../../shared/TextField';
import '../../../properties/properties.css';
import { WebsitePart } from '../../../properties/components/WebsitePart';
import type { PlayerLink } from '../api';
import { usePlayerLinkQuery, useUpdatePasswordMutation } from '../queries';
import '../sharing.css';

/**
 * The tour's password (and the website's: one password guards both): the spec's warning first, whether one is
 * set, the form to set or change it (stored hashed, so never shown), and its removal after the spec's question.
 */
export function PasswordTab({ propertyId }: { propertyId: string }) {
  const loaded = usePlayerLinkQuery(propertyId);
  const link = loaded.data;
  if (!link) {
    if (!loaded.error)
      return (
        <p className="muted" role="status">
          Loading the password…
        </p>
      );
    return (
      <div className="sharing-tab">
        <ErrorDisplay error={TOUR_MESSAGES.passwordUnavailable} />
        <button type="button" className="button button-secondary" onClick={() => void loaded.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return <PasswordForm key={link.id} link={link} />;
}

function PasswordForm({ link }: { link: PlayerLink }) {
  const save = useUpdatePasswordMutation();
  const remove = useUpdatePasswordMutation();
  const [notice, setNotice] = useState('');
  const [confirming, setConfirming] = useState(false);
  const form = useForm({
    initial: () => ({ username: link.username ?? '', password: '' }),
    fields: { username: 'playerLink.username', password: 'playerLink.password' },
    submit: (values) => {
      setNotice('');
      return save.run(link.propertyId, { username: values.username.trim(), password: values.password });
    },
    onSuccess: (saved) => {
      form.setValues({ username: saved.username ?? '', password: '' });
      setNotice('The password was saved: visitors are asked for it now.');
    },
  });

  async function removePassword() {
    setNotice('');
    form.clearFailure();
    const outcome = await remove.run(link.propertyId, { username: '', password: '' });
    setConfirming(false);
    if (outcome.ok) {
      form.setValues({ username: '', password: '' });
      setNotice('The password was removed: anyone with the link can open the tour and the website.');
    }
  }

  return (
    <div className="sharing-tab">
      <p className="alert alert-warning" role="note">
        {TOUR_MESSAGES.passwordWarning}
      </p>
      <section className="card" aria-labelledby="password-heading">
        <h2 id="password-heading">Password</h2>
        <div className="password-state">
          {link.hasPassword ? (
            <>
              <span className="badge badge-success">A password is set</span>
              <span className="muted">
                Visitors sign in as “{link.username}”. The password is stored hashed, so it cannot be shown:
                type a new one to change it.
              </span>
            </>
          ) : (
            <>
              <span className="badge badge-neutral">No password</span>
              <span className="muted">Anyone with the link can open the tour and the website.</span>
            </>
          )}
        </div>
        <WebsitePart
          title={link.hasPassword ? 'Change the password' : 'Set a password'}
          alert={form.errors.alert}
          alertRef={form.alertRef}
          notice={notice}
          onSubmit={form.handleSubmit}
          submit={{ label: form.isPending ? 'Saving…' : 'Save password', disabled: form.isPending }}
          actions={
            link.hasPassword && (
              <button
                type="button"
                className="button button-danger"
                disabled={form.isPending || remove.isPending}
                onClick={() => setConfirming(true)}
              >
                Remove password
              </button>
            )
          }
        >
          <TextField
            {...form.field('username')}
            label="Username"
            hint={`1 to ${TOUR_LIMITS.username} characters.`}
            autoComplete="off"
            autoCapitalize="none"
            maxLength={TOUR_LIMITS.username}
            disabled={form.isPending}
          />
          <TextField
            {...form.field('password')}
            label="Password"
            hint={`${TOUR_LIMITS.passwordMin} to ${TOUR_LIMITS.passwordMax} characters, and not easy to guess: a few unrelated words work well.`}
            type="password"
            autoComplete="new-password"
            maxLength={TOUR_LIMITS.passwordMax}
            disabled={form.isPending}
          />
        </WebsitePart>
        <ErrorDisplay error={remove.error} />
      </section>
      <ConfirmDialog
        open={confirming}
        title="Remove the password?"
        confirmLabel="Remove password"
        isPending={remove.isPending}
        onConfirm={removePassword}
        onCancel={() => setConfirming(false)}
      >
        <p>{TOUR_MESSAGES.removePasswordConfirmation}</p>
      </ConfirmDialog>
    </div>
  );
}
