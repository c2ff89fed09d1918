import { LANGUAGES, MEASUREMENT_UNITS, type Language, type MeasurementUnit } from '@tourly/contracts';
import { useState } from 'react';
import { useForm } from '../../../../../shared/forms/useForm';
import { SelectField } from '../../../../../shared/SelectField';
import { WebsitePart } from '../../../properties/components/WebsitePart';
import { changedKeys } from '../../../properties/website';
import type { PlayerLink, PlayerLinkSetup } from '../api';
import { useUpdateSetupMutation } from '../queries';

/** 001 §3's languages, each named in itself. */
const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  ru: 'Русский',
  cn: '中文',
  jp: '日本語',
};
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
  // A language stored before this list (or set through the API) stays choosable as it is.
  const languages: string[] = LANGUAGES.includes(values.language as Language)
    ? [...LANGUAGES]
    : [...LANGUAGES, values.language];

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
          {languages.map((code) => (
            <option key={code} value={code}>
              {LANGUAGE_NAMES[code as Language] ?? code}
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
