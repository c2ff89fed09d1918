import { useForm } from '../../shared/forms/useForm';
import { TextField } from '../../shared/TextField';
import { setUpProvider } from '../api';
import { AuthForm } from '../AuthForm';
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
  const session = useSessionChange(setUpAndContinue);
  const form = useForm({
    initial: { name: '' },
    fields: { name: 'setupProvider.name' },
    submit: ({ name }) => session.run(name),
  });

  return (
    <AuthLayout title="Your business" step={{ current: 3, total: SIGN_UP_STEPS }}>
      <p>Your properties, tours and plan belong to your business. You will be its admin, on the free plan.</p>
      <AuthForm form={form} submitLabel="Create business" disabled={session.isPending}>
        <TextField
          {...form.field('name')}
          label="Business name"
          hint="As your clients know it, e.g. Harbour Photography."
          name="business_name"
          autoComplete="organization"
          required
        />
      </AuthForm>
    </AuthLayout>
  );
}
