import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ErrorDisplay } from '../../shared/ErrorDisplay';
import { formErrors, useFocusOnFailure } from '../../shared/formErrors';
import { TextField } from '../../shared/TextField';
import { useAction } from '../../shared/useAction';
import { completeProfile } from '../api';
import { AuthLayout } from '../AuthLayout';
import { SETUP_PROVIDER_PATH, SIGN_UP_STEPS } from '../paths';
import { SignedInOnly } from '../SignedInOnly';

const FIELDS = { firstName: 'user.firstName', lastName: 'user.lastName' } as const;

/** `/sign_up/finalize`: the person's name (POST /sign_up/finalize), then their business. */
export default function FinalizePage() {
  return <SignedInOnly>{() => <FinalizeForm />}</SignedInOnly>;
}

function FinalizeForm() {
  const navigate = useNavigate();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const { run, isPending, error } = useAction(completeProfile);
  const errors = formErrors(error, FIELDS);

  const firstNameRef = useRef<HTMLInputElement>(null);
  const lastNameRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  useFocusOnFailure(
    error,
    errors,
    [
      ['firstName', firstNameRef],
      ['lastName', lastNameRef],
    ],
    alertRef,
  );

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const outcome = await run({ firstName, lastName });
    if (outcome.ok) navigate(SETUP_PROVIDER_PATH);
  }

  return (
    <AuthLayout title="What is your name?" step={{ current: 2, total: SIGN_UP_STEPS }}>
      <p>Your account is ready. Your name shows to the people you work with.</p>
      <div ref={alertRef} className="sign-in-alert" tabIndex={-1}>
        <ErrorDisplay error={errors.alert} />
      </div>
      <form noValidate onSubmit={handleSubmit}>
        <TextField
          ref={firstNameRef}
          label="First name"
          name="first_name"
          autoComplete="given-name"
          required
          value={firstName}
          onChange={(event) => setFirstName(event.target.value)}
          messages={errors.fields.firstName}
        />
        <TextField
          ref={lastNameRef}
          label="Last name"
          name="last_name"
          autoComplete="family-name"
          required
          value={lastName}
          onChange={(event) => setLastName(event.target.value)}
          messages={errors.fields.lastName}
        />
        <button type="submit" className="button button-primary sign-in-submit" disabled={isPending}>
          Continue
        </button>
      </form>
    </AuthLayout>
  );
}
