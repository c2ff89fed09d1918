import { useRef, useState, type FormEvent } from 'react';
import { ErrorDisplay } from '../../shared/ErrorDisplay';
import { formErrors, useFocusOnFailure } from '../../shared/formErrors';
import { TextField } from '../../shared/TextField';
import { setUpProvider } from '../api';
import { AuthLayout } from '../AuthLayout';
import { SIGN_UP_STEPS, SURVEY_PATH } from '../paths';
import { SignedInOnly } from '../SignedInOnly';
import { useSessionChange } from '../useSessionChange';

async function setUpAndContinue(name: string): Promise<string> {
  await setUpProvider(name);
  return SURVEY_PATH;
}

/**
 * `/sign_up/setup_provider`: the business (POST /sign_up/setup_provider), with the person as its admin. The
 * session works in it from the next request, so the next step loads as a new page with the new role.
 */
export default function SetupProviderPage() {
  return <SignedInOnly>{() => <SetupProviderForm />}</SignedInOnly>;
}

function SetupProviderForm() {
  const [name, setName] = useState('');
  const { run, isPending, error } = useSessionChange(setUpAndContinue);
  const errors = formErrors(error, { name: 'setupProvider.name' });

  const nameRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  useFocusOnFailure(error, errors, [['name', nameRef]], alertRef);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    run(name);
  }

  return (
    <AuthLayout title="Your business" step={{ current: 3, total: SIGN_UP_STEPS }}>
      <p>Your properties, tours and plan belong to your business. You will be its admin, on the free plan.</p>
      <div ref={alertRef} className="sign-in-alert" tabIndex={-1}>
        <ErrorDisplay error={errors.alert} />
      </div>
      <form noValidate onSubmit={handleSubmit}>
        <TextField
          ref={nameRef}
          label="Business name"
          hint="As your clients know it, e.g. Harbour Photography."
          name="business_name"
          autoComplete="organization"
          required
          value={name}
          onChange={(event) => setName(event.target.value)}
          messages={errors.fields.name}
        />
        <button type="submit" className="button button-primary sign-in-submit" disabled={isPending}>
          Create business
        </button>
      </form>
    </AuthLayout>
  );
}
