import { useState } from 'react';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { SelectField } from '../../../../shared/SelectField';
import { TextField } from '../../../../shared/TextField';
import { useForm } from '../../../../shared/forms/useForm';
import type { TeamRole } from '../api';
import { useInviteMutation } from '../queries';
import { TEAM_ROLES } from './roles';

const FIELDS = { email: 'invitation.email', role: 'invitation.role' } as const;

/** Invites a person by email with a role: the email carries a link that works for 7 days. */
export function InviteForm() {
  const invite = useInviteMutation();
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm({
    initial: { email: '', role: 'scan_technician' as TeamRole },
    fields: FIELDS,
    submit: ({ email, role }) => {
      setSent(null);
      return invite.run(email, role);
    },
    onSuccess: (invitation) => {
      setSent(`Invitation sent to ${invitation.email}.`);
      form.set('email', '');
    },
  });

  return (
    <section className="card" aria-labelledby="team-invite">
      <h2 id="team-invite">Invite someone</h2>
      <form noValidate onSubmit={form.handleSubmit} className="team-invite-form">
        <div ref={form.alertRef} tabIndex={-1}>
          <ErrorDisplay error={form.errors.alert} />
        </div>
        <TextField
          {...form.field('email')}
          label="Email"
          type="email"
          name="email"
          autoComplete="off"
          disabled={form.isPending}
          required
        />
        <SelectField
          {...form.field('role')}
          label="Role"
          name="role"
          disabled={form.isPending}
          hint={TEAM_ROLES.find((role) => role.value === form.values.role)?.does}
        >
          {TEAM_ROLES.map((role) => (
            <option key={role.value} value={role.value}>
              {role.label}
            </option>
          ))}
        </SelectField>
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={form.isPending}>
            {form.isPending ? 'Sending…' : 'Send invitation'}
          </button>
        </div>
        {sent && (
          <p className="alert alert-success" role="status">
            {sent} The link works for 7 days.
          </p>
        )}
      </form>
    </section>
  );
}
