import { PRODUCT } from './product';

/**
 * Custom tags (002 §3, §7 "Provider: custom tags"; issue 34): labelled points placed in a tour's 3D space, with an
 * icon, a colour and media. Shared by the service's checks and the editor's form.
 */
export const CUSTOM_TAG_LIMITS = {
  /** Tags in one tour. */
  tagsPerTour: 200,
  label: 80,
  description: 1000,
  /** Rich text: plain paragraphs, never HTML. */
  richText: 5000,
  url: 2000,
  iconName: 80,
  /** Icons one provider keeps. */
  uploadedIcons: 100,
  /** How far from the model's origin a position may be, in metres (each axis). */
  coordinate: 10_000,
  sweepId: 64,
} as const;

/** The built-in icons, served with the app (web/src/player/layers/tags/icons.ts draws them). */
export const BUILTIN_TAG_ICONS = [
  'info',
  'star',
  'heart',
  'camera',
  'video',
  'link',
  'home',
  'bed',
  'bath',
  'kitchen',
  'sofa',
  'car',
  'tree',
  'sun',
  'key',
  'pin',
] as const;
export type BuiltinTagIcon = (typeof BUILTIN_TAG_ICONS)[number];

/**
 * The tag layer's switch as 002 §3 names it, `{product}TagsEnabled` (sent inside `tag_layer_settings`): in code and
 * in JSON bodies before the wire's snake_case, `tourlyTagsEnabled`; on the wire `tourly_tags_enabled`.
 */
export const TAGS_ENABLED_KEY = `${PRODUCT}TagsEnabled` as const;

/** A tag's media when it has none (the rest of a media's fields empty, its size the default). */
export const NO_TAG_MEDIA = {
  type: 'no_media',
  subType: null,
  size: 'medium',
  url: null,
  mediaId: null,
  text: null,
} as const;

/** A tag colour: #rrggbb. */
export const TAG_COLOUR_PATTERN = /^#[0-9a-f]{6}$/i;

/** The refusals custom tags add (field messages, the spec's words where it has them). */
export const CUSTOM_TAG_MESSAGES = {
  notAColour: 'is not a colour (#rrggbb)',
  unknownIcon: 'is not one of the built-in icons or an uploaded icon of yours',
  tooManyTags: `A tour holds at most ${CUSTOM_TAG_LIMITS.tagsPerTour} tags: remove one to add another.`,
  tooManyIcons: `You can keep at most ${CUSTOM_TAG_LIMITS.uploadedIcons} uploaded icons: delete one to add another.`,
  notAPhoto: "is not one of this property's photos",
  notHttps: 'must be an https link',
  duplicateId: 'is the id of another tag in the list',
  unknownTag: 'is not a tag of this tour (leave the id out for a new tag)',
  iconNotFound: 'Uploaded icon not found',
  iconInUse: 'This icon is on a tag: choose another icon for that tag first, then delete it.',
} as const;
