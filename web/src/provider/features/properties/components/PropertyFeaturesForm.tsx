import { useState } from 'react';
import { useForm } from '../../../../shared/forms/useForm';
import { SelectField } from '../../../../shared/SelectField';
import { TextField } from '../../../../shared/TextField';
import type { MeasurementUnit, NumericFeature, PropertyFeatures, PropertyFeaturesChange } from '../api';
import { useUpdatePropertyFeaturesMutation } from '../queries';
import { changedKeys, numberOrText } from '../website';
import { sendChanges, WebsitePart, type WebsiteFormProps } from './WebsitePart';
// The features are drawn as billing's coupon is, a tag with its remove button.
import '../../billing/billing.css';

const NUMBERS: ReadonlyArray<{ key: NumericFeature; label: string; inputMode: 'numeric' | 'decimal' }> = [
  { key: 'bedrooms', label: 'Bedrooms', inputMode: 'numeric' },
  { key: 'bathrooms', label: 'Bathrooms', inputMode: 'numeric' },
  { key: 'carSpaces', label: 'Car spaces', inputMode: 'numeric' },
  { key: 'floorArea', label: 'Floor area', inputMode: 'decimal' },
  { key: 'landArea', label: 'Land area', inputMode: 'decimal' },
];

const UNITS: ReadonlyArray<[MeasurementUnit, string]> = [
  ['metric', 'Metric (m²)'],
  ['imperial', 'Imperial (sq ft)'],
  ['both', 'Both'],
];

/** The form's fields: the numbers, the unit, the price, and the feature being typed. */
type FeatureField = NumericFeature | 'price' | 'features' | 'measurementUnit';

const NUMBER_FIELDS = NUMBERS.map(({ key }) => key);
/** In form order, for the focus after a failure. */
const FIELDS: readonly FeatureField[] = [...NUMBER_FIELDS, 'measurementUnit', 'price', 'features'];

type FeatureValues = Record<NumericFeature, string> & {
  measurementUnit: MeasurementUnit;
  price: string;
  features: string[];
};

function valuesOf(features: PropertyFeatures): FeatureValues {
  const numbers = Object.fromEntries(
    NUMBERS.map(({ key }) => [key, features[key] === null ? '' : String(features[key])]),
  ) as Record<NumericFeature, string>;
  return {
    ...numbers,
    measurementUnit: features.measurementUnit,
    price: features.price ?? '',
    features: features.features,
  };
}

/** What the form saves: empty is "not given", numbers as numbers, the feature still being typed added. */
function featuresOf(values: FeatureValues, typed: string): PropertyFeaturesChange {
  const numbers = Object.fromEntries(NUMBERS.map(({ key }) => [key, numberOrText(values[key])])) as Record<
    NumericFeature,
    number | string | null
  >;
  return {
    ...numbers,
    measurementUnit: values.measurementUnit,
    price: values.price.trim() || null,
    features: withFeature(values.features, typed),
  };
}

/** The list with one more feature, unless it is empty or listed already (in any case). */
function withFeature(features: string[], text: string): string[] {
  const feature = text.trim();
  const listed = features.some((item) => item.toLowerCase() === feature.toLowerCase());
  return feature === '' || listed ? features : [...features, feature];
}

/**
 * The property's features as its website lists them: bedrooms, bathrooms, car spaces, floor and land area with
 * the unit they are shown in, the price as the listing words it, and short features added and removed as chips.
 * Saving sends only what changed (PATCH website/property_features); the server's messages go under their fields.
 */
export function PropertyFeaturesForm({ website }: WebsiteFormProps) {
  const save = useUpdatePropertyFeaturesMutation();
  const [typed, setTyped] = useState('');
  const [notice, setNotice] = useState('');
  const form = useForm({
    initial: () => valuesOf(website.propertyFeatures),
    fields: Object.fromEntries(FIELDS.map((field) => [field, `propertyFeatures.${field}`])) as Record<
      FeatureField,
      string
    >,
    submit: async (values) => {
      setNotice('');
      const changes = changedKeys(featuresOf(values, typed), website.propertyFeatures);
      return sendChanges(changes, setNotice, (changed) => save.run(website.propertyId, changed));
    },
    onSuccess: (saved) => {
      form.setValues(valuesOf(saved.propertyFeatures));
      setTyped('');
      setNotice('The property’s features were saved.');
    },
  });
  const { values, set, errors } = form;

  function addTyped() {
    set('features', withFeature(values.features, typed));
    setTyped('');
  }

  const busy = form.isPending;
  return (
    <WebsitePart
      title="Property features"
      alert={errors.alert}
      alertRef={form.alertRef}
      notice={notice}
      onSubmit={form.handleSubmit}
      submit={{ label: busy ? 'Saving…' : 'Save features', disabled: busy }}
    >
      <div className="feature-grid">
        {NUMBERS.map(({ key, label, inputMode }) => (
          <TextField
            key={key}
            ref={form.ref(key)}
            label={label}
            inputMode={inputMode}
            value={values[key]}
            disabled={busy}
            onChange={(event) => set(key, event.target.value)}
            messages={errors.fields[key]}
          />
        ))}
        <SelectField
          ref={form.ref('measurementUnit')}
          label="Measurement unit"
          value={values.measurementUnit}
          disabled={busy}
          onChange={(event) => set('measurementUnit', event.target.value as MeasurementUnit)}
          messages={errors.fields.measurementUnit}
        >
          {UNITS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField
        ref={form.ref('price')}
        label="Price"
        hint="As the listing shows it: “$1,250,000”, “Auction”, “Contact agent”."
        value={values.price}
        maxLength={100}
        disabled={busy}
        onChange={(event) => set('price', event.target.value)}
        messages={errors.fields.price}
      />
      <fieldset className="field">
        <legend className="field-label">Features</legend>
        {values.features.length === 0 ? (
          <p className="field-hint">None yet: add a few below.</p>
        ) : (
          <ul className="feature-chips" aria-label="Features">
            {values.features.map((feature) => (
              <li key={feature} className="tag">
                {feature}
                <button
                  type="button"
                  className="tag-remove"
                  aria-label={`Remove the feature ${feature}`}
                  disabled={busy}
                  onClick={() =>
                    set(
                      'features',
                      values.features.filter((item) => item !== feature),
                    )
                  }
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="feature-add">
          <TextField
            ref={form.ref('features')}
            label="Add a feature"
            hint="A few words each: “Pool”, “Ocean views”. Saved with the rest."
            value={typed}
            maxLength={100}
            disabled={busy}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              addTyped();
            }}
            messages={errors.fields.features}
          />
          <button
            type="button"
            className="button button-secondary"
            disabled={busy || typed.trim() === ''}
            onClick={addTyped}
          >
            Add feature
          </button>
        </div>
      </fieldset>
    </WebsitePart>
  );
}
