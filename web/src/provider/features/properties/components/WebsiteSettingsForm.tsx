import { NOT_A_COLOUR } from '@tourly/contracts';
import { useId, useState } from 'react';
import { useForm } from '../../../../shared/forms/useForm';
import { TextField } from '../../../../shared/TextField';
import type { WebsiteSettings, WebsiteSettingsChange } from '../api';
import { useUpdateWebsiteSettingsMutation } from '../queries';
import { changedKeys } from '../website';
import { isColour } from '../../../../shared/colour';
import { ColourTextField } from '../../../../shared/ColourTextField';
import { TextAreaField } from '../../../../shared/TextAreaField';
import { sendChanges, WebsitePart, type WebsiteFormProps } from './WebsitePart';

type Toggle = 'showAddress' | 'showMap' | 'showTour' | 'showAgents' | 'showContactForm';

const TOGGLES: ReadonlyArray<{ key: Toggle; label: string }> = [
  { key: 'showAddress', label: 'Show the address' },
  { key: 'showMap', label: 'Show the map' },
  { key: 'showTour', label: 'Show the tour' },
  { key: 'showAgents', label: 'Show the agents' },
  { key: 'showContactForm', label: 'Show the contact form' },
];

/** The fields' names in the server's messages, as the client reads them. */
const SERVER_NAMES = {
  headline: 'websiteSettings.headline',
  description: 'websiteSettings.description',
  primaryColor: 'websiteSettings.primaryColor',
} as const;

type SettingsValues = Omit<WebsiteSettings, 'headline' | 'description'> & {
  headline: string;
  description: string;
};

const valuesOf = (settings: WebsiteSettings): SettingsValues => ({
  ...settings,
  headline: settings.headline ?? '',
  description: settings.description ?? '',
});

/** What the form saves: empty texts are none, an empty colour is the default (white) again. */
const settingsOf = (values: SettingsValues): WebsiteSettingsChange => ({
  ...values,
  headline: values.headline.trim() || null,
  description: values.description.trim() || null,
  primaryColor: values.primaryColor.trim() || null,
});

/**
 * The website's settings: headline, description, primary colour (checked here as the server checks it, 001 §5)
 * and what it shows. Saving sends only what changed (PATCH website/settings); the server's messages go under
 * their fields.
 */
export function WebsiteSettingsForm({ website }: WebsiteFormProps) {
  const save = useUpdateWebsiteSettingsMutation();
  const [notice, setNotice] = useState('');
  const form = useForm({
    initial: () => valuesOf(website.settings),
    fields: SERVER_NAMES,
    submit: async (values) => {
      setNotice('');
      const colour = values.primaryColor.trim();
      // Refused here in the server's words, so both refusals show the same way.
      if (colour !== '' && !isColour(colour)) {
        form.refuse('primaryColor', NOT_A_COLOUR);
        return undefined;
      }
      const changes = changedKeys(settingsOf(values), website.settings);
      return sendChanges(changes, setNotice, (changed) => save.run(website.propertyId, changed));
    },
    onSuccess: (saved) => {
      form.setValues(valuesOf(saved.settings));
      setNotice('The website settings were saved.');
    },
  });
  const { values, set, errors } = form;
  const hintId = useId();

  return (
    <WebsitePart
      title="Settings"
      alert={errors.alert}
      alertRef={form.alertRef}
      notice={notice}
      onSubmit={form.handleSubmit}
      submit={{ label: form.isPending ? 'Saving…' : 'Save settings', disabled: form.isPending }}
    >
      <TextField
        ref={form.ref('headline')}
        label="Headline"
        hint="The first words visitors read, over the pictures."
        value={values.headline}
        maxLength={200}
        disabled={form.isPending}
        onChange={(event) => set('headline', event.target.value)}
        messages={errors.fields.headline}
      />
      <TextAreaField
        ref={form.ref('description')}
        label="Description"
        rows={5}
        maxLength={5000}
        value={values.description}
        disabled={form.isPending}
        onChange={(event) => set('description', event.target.value)}
        messages={errors.fields.description}
      />
      <ColourTextField
        ref={form.ref('primaryColor')}
        label="Primary colour"
        hint="#rgb, #rrggbb, rgb() or rgba(); empty: white, the default."
        value={values.primaryColor}
        disabled={form.isPending}
        onChange={(event) => set('primaryColor', event.target.value)}
        messages={errors.fields.primaryColor}
      />
      <fieldset className="field" aria-describedby={hintId}>
        <legend className="field-label">What the website shows</legend>
        <p id={hintId} className="field-hint">
          Besides the photos chosen below and the property’s features.
        </p>
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
      </fieldset>
    </WebsitePart>
  );
}
