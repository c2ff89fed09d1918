import { MEASUREMENT_UNITS, type MeasurementUnit } from '@tourly/contracts';
import { useState } from 'react';
import { useForm } from '../../../../../shared/forms/useForm';
import { SelectField } from '../../../../../shared/SelectField';
import { WebsitePart } from '../../../properties/components/WebsitePart';
import { changedKeys } from '../../../properties/website';
import type { PlayerLink, PlayerLinkSetup } from '../api';
import { useUpdateSetupMutation } from '../queries';

/** The player's own words come in these languages. */
const LANGUAGES: ReadonlyArray<{ code: string; name: string }> = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Español' },
  { code: 'fr', name: 'Français' },
  { code: 'de', name: 'Deutsch' },
  { code: 'it', name: 'Italiano' },
  { code: 'pt', name: 'Português' },
  { code: 'nl', name: 'Nederlands' },
];
const UNIT_LABELS: Record<MeasurementUnit, string> = {
  metric: 'Metric (m, m²)',
  imperial: 'Imperial (ft, ft²)',
  both: 'Both',
};
const TOGGLES: ReadonlyArray<{ key: 'showMap' | 'showContactForm' | 'showFooter'; label: string }> = [
  { key: 'showMap', label: 'Show the map' },
  { key: 'showContactForm', label: 'Show the contact form' },
  { key: 'showFooter', label: 'Show the footer' },
];

/** The player's setup: its language, measurement units, and what it shows besides the tour. */
export function SetupForm({ link }: { link: PlayerLink }) {
  const save = useUpdateSetupMutation();
  const [notice, setNotice] = useState('');
  const form = useForm({
    initial: (): PlayerLinkSetup => link.setup,
    fields: { language: 'playerLinkSetup.language', measurementUnit: 'playerLinkSetup.measurementUnit' },
    submit: (values) => {
      setNotice('');
      const changes = changedKeys(values, link.setup);
      if (Object.keys(changes).length === 0) {
        setNotice('Nothing has changed since the last save.');
        return Promise.resolve(undefined);
      }
      return save.run(link.id, changes);
    },
    onSuccess: (saved) => {
      form.setValues(saved.setup);
      setNotice('The setup was saved.');
    },
  });
  const { values, set, errors } = form;
  const languages = LANGUAGES.some((language) => language.code === values.language)
    ? LANGUAGES
    : [...LANGUAGES, { code: values.language, name: values.language }];

  return (
    <WebsitePart
      title="Setup"
      alert={errors.alert}
      alertRef={form.alertRef}
      notice={notice}
      onSubmit={form.handleSubmit}
      submit={{ label: form.isPending ? 'Saving…' : 'Save setup', disabled: form.isPending }}
    >
      <div className="sharing-columns">
        <SelectField
          ref={form.ref('language')}
          label="Language"
          value={values.language}
          disabled={form.isPending}
          onChange={(event) => set('language', event.target.value)}
          messages={errors.fields.language}
        >
          {languages.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </SelectField>
        <SelectField
          ref={form.ref('measurementUnit')}
          label="Measurement units"
          value={values.measurementUnit}
          disabled={form.isPending}
          onChange={(event) => set('measurementUnit', event.target.value as MeasurementUnit)}
          messages={errors.fields.measurementUnit}
        >
          {MEASUREMENT_UNITS.map((unit) => (
            <option key={unit} value={unit}>
              {UNIT_LABELS[unit]}
            </option>
          ))}
        </SelectField>
      </div>
      {TOGGLES.map(({ key, label }) => (
        <label key={key} className="check">
          <input
            type="checkbox"
            checked={values[key]}
            disabled={form.isPending}
            onChange={(event) => set(key, event.target.checked)}
          />
          {label}
        </label>
      ))}
    </WebsitePart>
  );
}
