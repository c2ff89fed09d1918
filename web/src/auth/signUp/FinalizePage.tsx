import { useNavigate } from 'react-router';
import { useForm } from '../../shared/forms/useForm';
import { TextField } from '../../shared/TextField';
import { useMutationAction } from '../../shared/useMutationAction';
import { completeProfile } from '../api';
import { AuthForm } from '../AuthForm';
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
  const complete = useMutationAction(completeProfile);
  const form = useForm({
    initial: { firstName: '', lastName: '' },
    fields: FIELDS,
    submit: complete.run,
    onSuccess: () => navigate(SETUP_PROVIDER_PATH),
  });

  return (
    <AuthLayout title="What is your name?" step={{ current: 2, total: SIGN_UP_STEPS }}>
      <p>Your account is ready. Your name shows to the people you work with.</p>
      <AuthForm form={form} submitLabel="Continue">
        <TextField
          {...form.field('firstName')}
          label="First name"
          name="first_name"
          autoComplete="given-name"
          required
        />
        <TextField
          {...form.field('lastName')}
          label="Last name"
          name="last_name"
          autoComplete="family-name"
          required
        />
      </AuthForm>
    </AuthLayout>
  );
}
