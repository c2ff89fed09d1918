import { TOUR_MESSAGES, URL_PARAMETER_GROUPS, URL_PARAMETERS, type UrlParameter } from '@tourly/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../../shared/ConfirmDialog';
import { ErrorDisplay } from '../../../../../shared/ErrorDisplay';
import { useForm } from '../../../../../shared/forms/useForm';
import { SelectField } from '../../../../../shared/SelectField';
import { TextField } from '../../../../../shared/TextField';
import '../../../properties/properties.css';
import { WebsitePart } from '../../../properties/components/WebsitePart';
import { changedKeys } from '../../../properties/website';
import type { UrlParameters } from '../api';
import {
  usePlayerLinkQuery,
  useRevertUrlParametersMutation,
  useUpdateUrlParametersMutation,
} from '../queries';
import '../sharing.css';
import { fieldOf, GROUP_HEADINGS, parametersOf, SERVER_NAMES, valuesOf } from '../urlParameters';
import { CopyField } from './CopyField';

/**
 * The scan viewer's URL parameters (001 §3), grouped as the catalogue groups them: saved together (only what
 * changed is sent), the server's messages under their fields; "Revert to defaults" after the spec's question; the
 * embed's query string they make.
 */
export function UrlParametersTab({ propertyId }: { propertyId: string }) {
  const loaded = usePlayerLinkQuery(propertyId);
  const parameters = loaded.data?.matterportModelParameter;
  if (!parameters) {
    if (!loaded.error)
      return (
        <p className="muted" role="status">
          Loading the URL parameters…
        </p>
      );
    return (
      <div className="sharing-tab">
        <ErrorDisplay error={TOUR_MESSAGES.urlParametersUnavailable} />
        <button type="button" className="button button-secondary" onClick={() => void loaded.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return <UrlParametersForm key={parameters.id} parameters={parameters} />;
}

function UrlParametersForm({ parameters }: { parameters: UrlParameters }) {
  const save = useUpdateUrlParametersMutation();
  const revert = useRevertUrlParametersMutation();
  const [notice, setNotice] = useState('');
  const [confirming, setConfirming] = useState(false);
  const form = useForm({
    initial: () => valuesOf(parameters),
    fields: SERVER_NAMES,
    submit: (values) => {
      setNotice('');
      const changes = changedKeys(parametersOf(values), parametersOf(valuesOf(parameters)));
      if (Object.keys(changes).length === 0) {
        setNotice('Nothing has changed since the last save.');
        return Promise.resolve(undefined);
      }
      return save.run(parameters.id, changes);
    },
    onSuccess: (saved) => {
      form.setValues(valuesOf(saved));
      setNotice(TOUR_MESSAGES.urlParametersUpdated);
    },
  });
  const { values, set, errors } = form;

  async function revertToDefaults() {
    setNotice('');
    form.clearFailure();
    const outcome = await revert.run(parameters.id);
    setConfirming(false);
    if (outcome.ok) {
      form.setValues(valuesOf(outcome.value));
      setNotice('The URL parameters are back to their defaults.');
    }
  }

  function control(parameter: UrlParameter) {
    const name = fieldOf(parameter);
    const common = {
      ref: form.ref(name),
      label: parameter.label,
      hint: parameter.hint,
      value: values[name] ?? '',
      disabled: form.isPending || revert.isPending,
      messages: errors.fields[name],
      onChange: (event: { target: { value: string } }) => set(name, event.target.value),
    };
    if (parameter.kind === 'choice')
      return (
        <SelectField key={name} {...common}>
          {parameter.options.map((option) => (
            <option key={option.value} value={String(option.value)}>
              {option.label}
              {option.value === parameter.default ? ' (default)' : ''}
            </option>
          ))}
        </SelectField>
      );
    if (parameter.kind === 'number')
      return (
        <TextField
          key={name}
          {...common}
          hint={`${parameter.hint} ${parameter.min} to ${parameter.max}.`}
          inputMode="numeric"
          placeholder="Default"
        />
      );
    return (
      <TextField key={name} {...common} autoCapitalize="none" spellCheck={false} placeholder="Default" />
    );
  }

  return (
    <div className="sharing-tab">
      <section className="card" aria-labelledby="url-parameters-heading">
        <h2 id="url-parameters-heading">URL parameters</h2>
        <p className="field-hint">
          How the scan viewer behaves in the shared tour and its embed. Empty or default values leave the
          viewer as it is.
        </p>
        <CopyField
          label="Embed query string"
          hint={
            parameters.query
              ? 'What the saved options add to the scan viewer’s address.'
              : 'Empty: the saved options are the viewer’s defaults.'
          }
          value={parameters.query}
        />
        <WebsitePart
          title="Viewer options"
          alert={errors.alert}
          alertRef={form.alertRef}
          notice={notice}
          onSubmit={form.handleSubmit}
          submit={{
            label: form.isPending ? 'Saving…' : 'Save URL parameters',
            disabled: form.isPending || revert.isPending,
          }}
          actions={
            <button
              type="button"
              className="button button-secondary"
              disabled={form.isPending || revert.isPending}
              onClick={() => setConfirming(true)}
            >
              Revert to defaults
            </button>
          }
        >
          {URL_PARAMETER_GROUPS.map((group) => (
            <fieldset key={group} className="sharing-group url-parameter-group">
              <legend>{GROUP_HEADINGS[group]}</legend>
              <div className="url-parameter-grid">
                {URL_PARAMETERS.filter((parameter) => parameter.group === group).map(control)}
              </div>
            </fieldset>
          ))}
        </WebsitePart>
        <ErrorDisplay error={revert.error} />
      </section>
      <ConfirmDialog
        open={confirming}
        title="Revert the URL parameters?"
        confirmLabel="Revert to defaults"
        isPending={revert.isPending}
        onConfirm={revertToDefaults}
        onCancel={() => setConfirming(false)}
      >
        <p>{TOUR_MESSAGES.revertUrlParametersConfirmation}</p>
      </ConfirmDialog>
    </div>
  );
}
