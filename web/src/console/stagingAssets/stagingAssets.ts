import type { Schema } from '../../api/types';

// The staging asset library in the console's words: an asset's measures, its third-party credit, the credit form's
// values as the server takes them, and the log's changes. Pure, so a table-driven spec holds it
// (stagingAssets.spec.ts).

export type StagingAssetRecord = Schema<'properties.AssetResponse'>;
export type StagingAssetLogRecord = Schema<'properties.AssetLogResponse'>;
export type StagingCategory = Schema<'properties.CategoryResponse'>;
export type StagingAssetChanges = Schema<'properties.AssetChanges'>;
export type AssetLogAction = StagingAssetLogRecord['action'];
type ModelCredit = Schema<'properties.ModelCreditResponse'>;

/** An asset in a sentence: 'staging asset “Grey sofa”'. */
export const assetName = (asset: { name: string }) => `staging asset “${asset.name}”`;

/** A sentence's start: 'Staging asset “Grey sofa” saved.' */
export const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** '1.2 MB', '0.05 MB', '< 0.01 MB': a model's size as the library's limit (25 MB) counts it (MiB). */
export function sizeInMb(bytes: number): string {
  const megabytes = bytes / 1024 / 1024;
  if (megabytes < 0.01) return '< 0.01 MB';
  return `${megabytes < 0.1 ? megabytes.toFixed(2) : megabytes.toFixed(1)} MB`;
}

/** '2.00 × 0.90 × 0.80 m': width × height × depth, as the box the staging editor places. */
export function dimensionsLabel({ width, height, depth }: StagingAssetRecord['dimensions']): string {
  return `${[width, height, depth].map((metres) => metres.toFixed(2)).join(' × ')} m`;
}

/** '12,345': the triangles the player draws. */
export const trianglesLabel = (count: number) => count.toLocaleString('en');

/** '“Mid-century sofa” by Ada Modeller, CC Attribution'; null for the platform's own models. */
export function creditLabel(credit: ModelCredit | null | undefined): string | null {
  if (!credit) return null;
  return `“${credit.model.name}” by ${credit.user.name}, ${credit.license.label}`;
}

/** The credit as the forms hold it: every field a string, blank when not given. */
export interface CreditValues {
  model: { uid: string; name: string; thumbnailUrl: string };
  user: { name: string; profileUrl: string };
  license: { label: string; url: string };
}

/** Each credit input, by its path under `credit`, with its label: the create and edit forms show the same. */
export const CREDIT_INPUTS = [
  { path: 'model.uid', label: 'Model id (Sketchfab uid)' },
  { path: 'model.name', label: 'Model name' },
  { path: 'model.thumbnailUrl', label: 'Thumbnail URL (optional)' },
  { path: 'user.name', label: 'Author' },
  { path: 'user.profileUrl', label: 'Author’s profile URL' },
  { path: 'license.label', label: 'Licence' },
  { path: 'license.url', label: 'Licence URL' },
] as const;

/** The credit inputs' sources under a form's `asset`: the server's field paths, camelCased. */
export const CREDIT_FIELDS = CREDIT_INPUTS.map(({ path }) => `asset.credit.${path}`);

/** An asset's credit as the edit form starts: blank fields for none. */
export function creditValues(credit: ModelCredit | null | undefined): CreditValues {
  return {
    model: {
      uid: credit?.model.uid ?? '',
      name: credit?.model.name ?? '',
      thumbnailUrl: credit?.model.thumbnailUrl ?? '',
    },
    user: { name: credit?.user.name ?? '', profileUrl: credit?.user.profileUrl ?? '' },
    license: { label: credit?.license.label ?? '', url: credit?.license.url ?? '' },
  };
}

const blank = (value: string | null | undefined) => (value ?? '').trim() === '';

/**
 * The credit to send: null when every field is blank (no credit: the platform's own model); otherwise the fields as
 * typed, a blank one included, so that the server says under it what is missing. A blank thumbnail is left out: it
 * is the one optional field.
 */
export function creditOf(values: Partial<CreditValues> | null | undefined): CreditForm | null {
  const model = values?.model;
  const user = values?.user;
  const license = values?.license;
  const all = [
    model?.uid,
    model?.name,
    model?.thumbnailUrl,
    user?.name,
    user?.profileUrl,
    license?.label,
    license?.url,
  ];
  if (all.every(blank)) return null;
  return {
    model: {
      uid: model?.uid ?? '',
      name: model?.name ?? '',
      ...(blank(model?.thumbnailUrl) ? {} : { thumbnailUrl: model!.thumbnailUrl }),
    },
    user: { name: user?.name ?? '', profileUrl: user?.profileUrl ?? '' },
    license: { label: license?.label ?? '', url: license?.url ?? '' },
  };
}

export type CreditForm = NonNullable<StagingAssetChanges['credit']>;

/** The upload form's text fields as the server reads them (`asset[credit][model][uid]`...), beside `asset[file]`. */
export function uploadFields(values: {
  name: string;
  categoryId: string;
  credit: CreditForm | null;
}): [string, string][] {
  const fields: [string, string][] = [
    ['asset[name]', values.name],
    ['asset[category_id]', values.categoryId],
  ];
  const { credit } = values;
  if (credit) {
    fields.push(
      ['asset[credit][model][uid]', credit.model.uid],
      ['asset[credit][model][name]', credit.model.name],
      ...(credit.model.thumbnailUrl
        ? [['asset[credit][model][thumbnail_url]', credit.model.thumbnailUrl] as [string, string]]
        : []),
      ['asset[credit][user][name]', credit.user.name],
      ['asset[credit][user][profile_url]', credit.user.profileUrl],
      ['asset[credit][license][label]', credit.license.label],
      ['asset[credit][license][url]', credit.license.url],
    );
  }
  return fields;
}

/** What each log row says was done. */
export const LOG_ACTIONS: Record<AssetLogAction, string> = {
  created: 'Created',
  updated: 'Updated',
  archived: 'Archived',
  restored: 'Restored',
  deleted: 'Deleted',
};

const CHANGE_LABELS: Record<string, string> = {
  name: 'Name',
  categoryId: 'Category',
  credit: 'Credit',
  archived: 'Archived',
};

/** One field a log row changed: 'Name: Sofa → Grey sofa'. */
export interface AssetFieldChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

/**
 * Each field an update changed, as it was and as it became, in the order the server lists them. `categoryNames`:
 * the categories' names by id (a category no longer there shows its id).
 */
export function assetChangeLines(
  changes: StagingAssetLogRecord['changes'],
  categoryNames: Record<string, string> = {},
): AssetFieldChange[] {
  if (!changes) return [];
  const before = changes.before ?? {};
  const after = changes.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const words = (field: string, value: unknown) => changeValue(field, value, categoryNames);
  return fields.map((field) => ({
    field,
    label: CHANGE_LABELS[field] ?? field,
    before: words(field, before[field]),
    after: words(field, after[field]),
  }));
}

export const changeLine = (change: AssetFieldChange) => `${change.label}: ${change.before} → ${change.after}`;

function changeValue(field: string, value: unknown, categoryNames: Record<string, string>): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field === 'categoryId' && typeof value === 'string') return categoryNames[value] ?? value;
  if (field === 'credit' && typeof value === 'object') return creditLabel(value as ModelCredit) ?? '(none)';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
