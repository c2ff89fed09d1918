import { NOT_A_COLOUR } from '@tourly/contracts';
import { useState } from 'react';
import { useForm } from '../../../../../shared/forms/useForm';
import { TextField } from '../../../../../shared/TextField';
import { WebsitePart } from '../../../properties/components/WebsitePart';
import { changedKeys } from '../../../properties/website';
import { isColour } from '../../../../../shared/colour';
import { ColourTextField } from '../../../../../shared/ColourTextField';
import type { BrandingChange, PlayerLink, PlayerLinkBranding } from '../api';
import { useUpdateBrandingMutation } from '../queries';

type TextKey = Exclude<keyof PlayerLinkBranding, 'displayProviderLogo'>;
type BrandingValues = { displayProviderLogo: boolean } & Record<TextKey, string>;

const FORM = 'providerPropertiesUpdatePlayerLinkBrandingForm';
const SERVER_NAMES = {
  primaryColor: `${FORM}.primaryColor`,
  providerName: `${FORM}.providerName`,
  providerUrl: `${FORM}.providerUrl`,
  providerLogoUrl: `${FORM}.providerLogoUrl`,
  clientName: `${FORM}.clientName`,
  clientUrl: `${FORM}.clientUrl`,
  clientLogoUrl: `${FORM}.clientLogoUrl`,
  providerClientHasChanged: 'providerClientHasChanged',
} as const;

const CLIENT_KEYS = ['clientName', 'clientUrl', 'clientLogoUrl'] as const;

const FIELDS: ReadonlyArray<{ key: TextKey; label: string; hint?: string; type?: string }> = [
  { key: 'providerName', label: 'Provider name' },
  { key: 'providerUrl', label: 'Provider website', hint: 'https://…', type: 'url' },
  { key: 'providerLogoUrl', label: 'Provider logo URL', hint: 'An image at https://…', type: 'url' },
];
const CLIENT_FIELDS: ReadonlyArray<{ key: TextKey; label: string; hint?: string; type?: string }> = [
  { key: 'clientName', label: 'Client name', hint: 'The agent or agency the tour is made for.' },
  { key: 'clientUrl', label: 'Client website', hint: 'https://…', type: 'url' },
  { key: 'clientLogoUrl', label: 'Client logo URL', hint: 'An image at https://…', type: 'url' },
];

const valuesOf = (branding: PlayerLinkBranding): BrandingValues => ({
  displayProviderLogo: branding.displayProviderLogo,
  primaryColor: branding.primaryColor,
  providerName: branding.providerName ?? '',
  providerUrl: branding.providerUrl ?? '',
  providerLogoUrl: branding.providerLogoUrl ?? '',
  clientName: branding.clientName ?? '',
  clientUrl: branding.clientUrl ?? '',
  clientLogoUrl: branding.clientLogoUrl ?? '',
});

/** What the form saves: an emptied text is null, the default again (white for the colour). */
function brandingOf(values: BrandingValues): BrandingChange {
  const change: BrandingChange = { displayProviderLogo: values.displayProviderLogo };
  for (const key of [...FIELDS, ...CLIENT_FIELDS].map((field) => field.key).concat('primaryColor')) {
    change[key] = values[key].trim() || null;
  }
  return change;
}

/**
 * The tour's branding (the player's logos, names and colour). Only what changed is sent; the client's part only
 * when one of its fields changed (`provider_client_has_changed`), so a save here does not overwrite a client
 * someone else set meanwhile.
 */
export function BrandingForm({ link }: { link: PlayerLink }) {
  const save = useUpdateBrandingMutation();
  const [notice, setNotice] = useState('');
  const form = useForm({
    initial: () => valuesOf(link.branding),
    fields: SERVER_NAMES,
    submit: async (values) => {
      setNotice('');
      const colour = values.primaryColor.trim();
      if (colour !== '' && !isColour(colour)) {
        form.refuse('primaryColor', NOT_A_COLOUR);
        return undefined;
      }
      const changes = changedKeys(brandingOf(values), link.branding);
      if (Object.keys(changes).length === 0) {
        setNotice('Nothing has changed since the last save.');
        return undefined;
      }
      const clientChanged = CLIENT_KEYS.some((key) => key in changes);
      return save.run(link.id, changes, clientChanged);
    },
    onSuccess: (saved) => {
      form.setValues(valuesOf(saved.branding));
      setNotice('The branding was saved.');
    },
  });
  const { values, set, errors } = form;
  const text = ({ key, label, hint, type }: (typeof FIELDS)[number]) => (
    <TextField
      key={key}
      ref={form.ref(key)}
      label={label}
      hint={hint}
      type={type}
      value={values[key]}
      maxLength={200}
      autoCapitalize={type ? 'none' : undefined}
      disabled={form.isPending}
      onChange={(event) => set(key, event.target.value)}
      messages={errors.fields[key]}
    />
  );

  return (
    <WebsitePart
      title="Branding"
      hint="The logos, names and colour the player shows around the tour."
      alert={errors.alert}
      alertRef={form.alertRef}
      notice={notice}
      onSubmit={form.handleSubmit}
      submit={{ label: form.isPending ? 'Saving…' : 'Save branding', disabled: form.isPending }}
    >
      <label className="check">
        <input
          type="checkbox"
          checked={values.displayProviderLogo}
          disabled={form.isPending}
          onChange={(event) => set('displayProviderLogo', event.target.checked)}
        />
        Display the provider’s logo
      </label>
      <ColourTextField
        ref={form.ref('primaryColor')}
        label="Primary colour"
        hint="#rgb, #rrggbb, rgb() or rgba(); empty: white, the default."
        value={values.primaryColor}
        disabled={form.isPending}
        onChange={(event) => set('primaryColor', event.target.value)}
        messages={errors.fields.primaryColor}
      />
      <div className="sharing-columns">
        <fieldset className="sharing-group">
          <legend>Provider</legend>
          {FIELDS.map(text)}
        </fieldset>
        <fieldset className="sharing-group">
          <legend>Client</legend>
          {CLIENT_FIELDS.map(text)}
        </fieldset>
      </div>
    </WebsitePart>
  );
}
