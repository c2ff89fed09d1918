import { useId } from 'react';
import { useNavigate } from 'react-router';
import { ErrorDisplay } from '../../shared/ErrorDisplay';
import { TextField } from '../../shared/TextField';
import { useForm } from '../../shared/forms/useForm';
import { useMutationAction } from '../../shared/useMutationAction';
import { sendSurvey } from '../api';
import { AuthLayout } from '../AuthLayout';
import { CONTACT_CONFIRMATION_PATH, SIGN_UP_STEPS } from '../paths';
import { SignedInOnly } from '../SignedInOnly';

// The spec leaves the survey's questions open: three short ones, every answer optional.
const BUSINESS_TYPES = [
  ['photographer', 'Real-estate photographer'],
  ['agency', 'Real-estate agency'],
  ['media_agency', 'Marketing or media agency'],
  ['developer', 'Property developer or builder'],
  ['other', 'Something else'],
] as const;

const MONTHLY_PROPERTIES = [
  ['1-5', '1 to 5'],
  ['6-20', '6 to 20'],
  ['21-50', '21 to 50'],
  ['51+', 'More than 50'],
] as const;

/** `/sign_up/survey`: a few optional questions (POST /provider/surveys), which can be skipped. */
export default function SurveyPage() {
  return <SignedInOnly>{() => <SurveyForm />}</SignedInOnly>;
}

function SurveyForm() {
  const navigate = useNavigate();
  const send = useMutationAction(sendSurvey);
  const next = () => navigate(CONTACT_CONFIRMATION_PATH);
  const form = useForm({
    initial: { businessType: '', monthlyProperties: '', heardFrom: '' },
    // Every answer is a choice or optional: the server's refusals go to the alert.
    fields: {},
    submit: async (values) => {
      const answers = Object.fromEntries(
        Object.entries({ ...values, heardFrom: values.heardFrom.trim() }).filter(([, value]) => value),
      );
      // Nothing answered is the same as skipping.
      if (Object.keys(answers).length === 0) return { ok: true, value: undefined };
      return send.run(answers);
    },
    onSuccess: next,
  });
  const { businessType, monthlyProperties, heardFrom } = form.values;
  const selectId = useId();

  return (
    <AuthLayout title="A few questions" step={{ current: 4, total: SIGN_UP_STEPS }}>
      <p>Optional: your answers help us suit the platform to your work. Skip them if you like.</p>
      <div ref={form.alertRef} className="sign-in-alert" tabIndex={-1}>
        <ErrorDisplay error={form.errors.alert} />
      </div>
      <form noValidate onSubmit={form.handleSubmit}>
        <fieldset className="field">
          <legend className="field-label">What best describes your business?</legend>
          {BUSINESS_TYPES.map(([value, label]) => (
            <label key={value} className="check">
              <input
                type="radio"
                name="business_type"
                value={value}
                checked={businessType === value}
                onChange={() => form.set('businessType', value)}
              />
              {label}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label className="field-label" htmlFor={selectId}>
            How many properties do you capture in a month?
          </label>
          <select
            id={selectId}
            className="field-input"
            value={monthlyProperties}
            onChange={(event) => form.set('monthlyProperties', event.target.value)}
          >
            <option value="">Choose one</option>
            {MONTHLY_PROPERTIES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label="How did you hear about us?"
          name="heard_from"
          value={heardFrom}
          onChange={(event) => form.set('heardFrom', event.target.value)}
          maxLength={200}
        />
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={form.isPending}>
            Continue
          </button>
          <button type="button" className="button button-secondary" disabled={form.isPending} onClick={next}>
            Skip
          </button>
        </div>
      </form>
    </AuthLayout>
  );
}
