/** Business constants and limits from the spec (000 §9, 001 §9, 002 §9). */
export const LIMITS = {
  /** 100MB as the spec defines it: 1024e5 bytes. */
  maxUploadBytes: 1024e5,
  documentsPageSize: 10,
  adminProviderSearchPageSize: 100,
  adminProviderSearchDebounceMs: 500,
  addressAutocompleteDebounceMs: 1000,
  paymentFailureWindowDays: 14,
  trialDaysDefault: 30,
  /** Both the current subscription and the tour limits are cached for five minutes. */
  subscriptionCacheSeconds: 300,
  tourLimitsCacheSeconds: 300,
  squareAspectTolerance: 0.2,
  contactFormCloseMs: 2000,
  mapZoom: 18,
  matterportSdkVersion: '3.11',
} as const;

/**
 * How long a presigned link to a stored file reads (presigned reads): long enough to view a page and
 * download from it, short enough not to be a permalink. A page left open asks for its links again before then.
 */
export const FILE_LINK_SECONDS = 60 * 60;

/** Plans chosen before this date had to pick a new plan: the legacy banner counts the days to it. */
export const LEGACY_PLAN_CUTOFF = '2023-08-15T00:00:00.000Z';

export const ONBOARDING_FLAGS = [
  'vt_staging_start',
  'dtx_experience',
  'custom_tags_start',
  'spatial_audio_start',
  'global_lighting',
  'cs_overlay',
  'overlay_template',
  'wayfinding_start',
] as const;
export type OnboardingFlag = (typeof ONBOARDING_FLAGS)[number];

export const LANGUAGES = ['en', 'es', 'fr', 'de', 'ru', 'cn', 'jp'] as const;
export type Language = (typeof LANGUAGES)[number];

/** 001 §5: a colour is 3 or 6 hex digits, rgb() or rgba(); checked alike by the pages and the server. */
export const COLOUR_PATTERN =
  /^(#[0-9a-f]{3}|#[0-9a-f]{6}|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\))$/i;
export const NOT_A_COLOUR = 'is not a colour (#rgb, #rrggbb, rgb() or rgba())';
