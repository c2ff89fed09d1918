/**
 * Tours (001 §3): the enumerations, the display defaults, the scan viewer's URL parameters and the tour's layers
 * (overlay, menu, welcome screen, guided tour). The properties service validates and stores them; the provider's
 * tour space and the visitor's player render them with the same component, from the same JSON.
 */

export const MEASUREMENT_UNITS = ['metric', 'imperial', 'both'] as const;
export type MeasurementUnit = (typeof MEASUREMENT_UNITS)[number];

export const MENU_TYPES = ['burger_menu', 'sidebar', 'fullscreen', 'no_menu'] as const;
export type MenuType = (typeof MENU_TYPES)[number];

export const LOGO_SIZES = ['xs', 'sm', 'md', 'lg', 'xl'] as const;
export type LogoSize = (typeof LOGO_SIZES)[number];

/** A row's banner in the overlay layout: see-through, or a colour (null: the branding's primary colour). */
export const OVERLAY_BANNER_STYLES = ['transparent', 'color'] as const;
export const MENU_BACKGROUND_STYLES = ['frosted', 'gradient'] as const;
/** The menu's background may also be see-through in hex (`#rrggbbaa`, as `TOUR_DEFAULTS.translucentColors`). */
export const TRANSLUCENT_HEX_PATTERN = /^#[0-9a-f]{8}$/i;
export const OVERLAY_ITEM_TYPES = ['logo', 'menu-button', 'property-title'] as const;
/** A logo item shows the provider's logo or the client's (the branding's URLs). */
export const LOGO_SOURCES = ['provider', 'client'] as const;
export const TITLE_SIZES = ['sm', 'md', 'lg'] as const;
/** 002 constants "Font weights: Light 300, Normal, Bold 700, Black 900": the only weights a font takes. */
export const FONT_WEIGHTS = [300, 400, 700, 900] as const;
export type FontWeight = (typeof FONT_WEIGHTS)[number];
/** System stacks: nothing to load. */
export const SYSTEM_FONT_FAMILIES = ['system', 'serif', 'mono', 'rounded'] as const;
/** Web fonts served with the app (npm @fontsource packages, woff2 from the app's own origin): FONT_OPTIONS in fonts.ts. */
export const WEB_FONT_FAMILIES = ['lato', 'montserrat', 'merriweather', 'source-sans-3'] as const;
/** Font families the overlay offers: the system stacks, then the web fonts served with the app. */
export const FONT_FAMILIES = [
  'system',
  'serif',
  'mono',
  'rounded',
  'lato',
  'montserrat',
  'merriweather',
  'source-sans-3',
] as const satisfies readonly [...typeof SYSTEM_FONT_FAMILIES, ...typeof WEB_FONT_FAMILIES];
export type FontFamily = (typeof FONT_FAMILIES)[number];
export type WebFontFamily = (typeof WEB_FONT_FAMILIES)[number];

export function isWebFont(family: FontFamily): family is WebFontFamily {
  return (WEB_FONT_FAMILIES as readonly string[]).includes(family);
}

/** Menu entries (001 §3 "type (submenu, contact_form, others)"): a link, a sub-menu of entries, the contact form, the map. */
export const MENU_ENTRY_TYPES = ['link', 'submenu', 'contact_form', 'map'] as const;
export type MenuEntryType = (typeof MENU_ENTRY_TYPES)[number];
export const MENU_ICONS = [
  'none',
  'info',
  'link',
  'mail',
  'phone',
  'map',
  'home',
  'image',
  'video',
  'document',
  'star',
] as const;

/** The player link's media beside the tour (001 §3 enumerations). */
export const MEDIA_TYPES = ['no_media', 'photo', 'video', 'rich', 'website'] as const;
export const MEDIA_SUB_TYPES = ['embedded_website', 'rich_billboard', 'matterport_body'] as const;
export const MEDIA_SIZES = ['small', 'medium', 'large', 'fullscreen'] as const;

/** 001 §3 "Share link types". */
export const SHARE_LINK_TYPES = ['white_label', 'default', 'mls'] as const;
export type ShareLinkType = (typeof SHARE_LINK_TYPES)[number];

/** 001 §9 and §3: the branding's default colour and the overlay's fixed measures. */
export const TOUR_DEFAULTS = {
  primaryColor: '#ffffff',
  bannerColor: '#ffffff',
  bannerHeight: 56,
  overlaySpacing: 10,
  logoSize: 'sm',
  logoPosition: 'top_right',
  bannerPosition: 'top',
  bannerStyle: 'branding_color',
  menuType: 'sidebar',
  propertyTitlePosition: 'top_left',
  translucentColors: ['#454545bf', '#00000080'],
  sdkVersion: '3.11',
  mapZoom: 18,
} as const;

export const TOUR_LIMITS = {
  menuEntries: 30,
  childEntries: 20,
  menuTitle: 60,
  overlayItemsPerColumn: 4,
  templates: 100,
  templateName: 80,
  welcomeTitle: 120,
  welcomeMessage: 2000,
  brandingText: 200,
  username: 100,
  passwordMin: 8,
  passwordMax: 128,
  /** The lead gate: visitors see this many positions (sweeps) at least, and at most, before the contact form. */
  leadGateSweepsMin: 1,
  leadGateSweepsMax: 50,
} as const;

/** The spec's words on tours (001 §2, §8), verbatim. */
export const TOUR_MESSAGES = {
  shareSettingsUnavailable: 'We are unable to retrieve the requested tour details right now.',
  passwordUnavailable: 'We are unable to retrieve the requested details right now.',
  urlParametersUnavailable: 'We were unable to retrieve the requested page at this moment',
  urlParametersUpdated: 'URL Parameters have been successfully updated',
  passwordWarning: 'Changes to the password affect both the Virtual Tour and the Website.',
  removePasswordConfirmation:
    'Are you sure you want to remove the password from your Virtual Tour and Website? This cannot be undone.',
  revertUrlParametersConfirmation:
    'Are you sure you want to revert the URL parameters to their defaults? This cannot be undone.',
  tourNotFound: 'Tour not found',
  playerLinkNotFound: 'Player link not found',
  parametersNotFound: 'URL parameters not found',
  templateNotFound: 'Overlay template not found',
  locationImageNotFound: 'Location image not found',
  metadataFromScanService: 'is a link to the scan service or its viewer, whose pages cannot be read here',
  metadataUnreachable: 'could not be read: the page did not answer',
  metadataNotPublic: 'is not on the public internet',
} as const;

/** 001 §3 scan-viewer options: each URL parameter of the Matterport Showcase embed, by group. */
export const URL_PARAMETER_GROUPS = [
  'launch',
  'visibility',
  'user_interface',
  'guided_tours',
  'virtual_reality',
  'sdk',
] as const;
export type UrlParameterGroup = (typeof URL_PARAMETER_GROUPS)[number];

interface ParameterBase {
  /** The long name the API and the form use (snake_case on the wire). */
  name: string;
  /** Matterport's short embed key. */
  key: string;
  group: UrlParameterGroup;
  label: string;
  hint: string;
}
export type UrlParameter = ParameterBase &
  (
    | { kind: 'choice'; options: ReadonlyArray<{ value: number; label: string }>; default: number }
    | { kind: 'number'; min: number; max: number; default: number | null }
    | { kind: 'text'; pattern: string; default: string | null }
  );

const OFF_ON = [
  { value: 0, label: 'Off' },
  { value: 1, label: 'On' },
] as const;

export const URL_PARAMETERS: readonly UrlParameter[] = [
  // launch
  {
    name: 'auto_play',
    key: 'play',
    group: 'launch',
    label: 'Start automatically',
    hint: 'Loads the tour without the play button.',
    kind: 'choice',
    options: OFF_ON,
    default: 0,
  },
  {
    name: 'quickstart',
    key: 'qs',
    group: 'launch',
    label: 'Quickstart',
    hint: 'Starts inside the space instead of flying in from the dollhouse.',
    kind: 'choice',
    options: OFF_ON,
    default: 0,
  },
  {
    name: 'tour_start_delay',
    key: 'ts',
    group: 'launch',
    label: 'Start the guided tour after (seconds)',
    hint: 'Empty: the guided tour waits for the visitor.',
    kind: 'number',
    min: 0,
    max: 600,
    default: null,
  },
  {
    name: 'language',
    key: 'lang',
    group: 'launch',
    label: 'Viewer language',
    hint: 'Two letters, e.g. en, es, fr, de.',
    kind: 'text',
    pattern: '^[a-z]{2}$',
    default: null,
  },
  // visibility
  {
    name: 'help',
    key: 'help',
    group: 'visibility',
    label: 'Help',
    hint: 'The help shown on arrival.',
    kind: 'choice',
    options: [
      { value: 0, label: 'Off' },
      { value: 1, label: 'On' },
      { value: 2, label: 'Concise' },
    ],
    default: 0,
  },
  {
    name: 'branding',
    key: 'brand',
    group: 'visibility',
    label: 'Scan branding',
    hint: 'The scan owner’s name and contact in the viewer.',
    kind: 'choice',
    options: OFF_ON,
    default: 1,
  },
  {
    name: 'dollhouse',
    key: 'dh',
    group: 'visibility',
    label: 'Dollhouse view',
    hint: 'The 3D overview of the whole space.',
    kind: 'choice',
    options: OFF_ON,
    default: 1,
  },
  {
    name: 'floor_plan',
    key: 'fp',
    group: 'visibility',
    label: 'Floor plan view',
    hint: 'The top-down view.',
    kind: 'choice',
    options: OFF_ON,
    default: 1,
  },
  {
    name: 'highlight_reel',
    key: 'hl',
    group: 'visibility',
    label: 'Highlight reel',
    hint: 'The strip of highlights at the bottom.',
    kind: 'choice',
    options: [
      { value: 0, label: 'Briefly open' },
      { value: 1, label: 'Open' },
      { value: 2, label: 'Collapsed' },
    ],
    default: 0,
  },
  {
    name: 'listing_service',
    key: 'mls',
    group: 'visibility',
    label: 'Listing service mode',
    hint: 'Hides branding for listing services.',
    kind: 'choice',
    options: [
      { value: 0, label: 'Off' },
      { value: 1, label: 'On' },
      { value: 2, label: 'On, without the About panel' },
    ],
    default: 0,
  },
  {
    name: 'tags',
    key: 'mt',
    group: 'visibility',
    label: 'Tags',
    hint: 'The space’s tags (Mattertags).',
    kind: 'choice',
    options: OFF_ON,
    default: 1,
  },
  {
    name: 'pin',
    key: 'pin',
    group: 'visibility',
    label: 'Location pin',
    hint: 'The pin in the dollhouse.',
    kind: 'choice',
    options: OFF_ON,
    default: 1,
  },
  {
    name: 'portal',
    key: 'portal',
    group: 'visibility',
    label: 'Portals',
    hint: 'The doorways between floors.',
    kind: 'choice',
    options: OFF_ON,
    default: 1,
  },
  {
    name: 'title',
    key: 'title',
    group: 'visibility',
    label: 'Title',
    hint: 'The space’s name at the top.',
    kind: 'choice',
    options: [
      { value: 0, label: 'Off' },
      { value: 1, label: 'On' },
      { value: 2, label: 'Off, with the top-left corner kept' },
    ],
    default: 1,
  },
  {
    name: 'call_to_action',
    key: 'tourcta',
    group: 'visibility',
    label: 'Call to action at the end',
    hint: 'What the guided tour ends on.',
    kind: 'choice',
    options: [
      { value: 0, label: 'Off' },
      { value: 1, label: 'Large' },
      { value: 2, label: 'Small' },
    ],
    default: 1,
  },
  // user interface
  {
    name: 'floor_selector',
    key: 'f',
    group: 'user_interface',
    label: 'Floor selector',
    hint: 'Lets visitors pick a floor.',
    kind: 'choice',
    options: OFF_ON,
    default: 1,
  },
  {
    name: 'search',
    key: 'search',
    group: 'user_interface',
    label: 'Search',
    hint: 'The search of tags and rooms.',
    kind: 'choice',
    options: OFF_ON,
    default: 1,
  },
  {
    name: 'scroll_wheel',
    key: 'wh',
    group: 'user_interface',
    label: 'Zoom with the scroll wheel',
    hint: 'Off suits a tour embedded in a long page.',
    kind: 'choice',
    options: OFF_ON,
    default: 1,
  },
  {
    name: 'zoom',
    key: 'nozoom',
    group: 'user_interface',
    label: 'Disable zoom',
    hint: 'On stops visitors zooming.',
    kind: 'choice',
    options: OFF_ON,
    default: 0,
  },
  {
    name: 'new_tab',
    key: 'nt',
    group: 'user_interface',
    label: 'Open links in a new tab',
    hint: 'Links in tags open in a new tab.',
    kind: 'choice',
    options: OFF_ON,
    default: 0,
  },
  // guided tours
  {
    name: 'guided_tour',
    key: 'tour',
    group: 'guided_tours',
    label: 'Guided tour',
    hint: 'How the guided tour plays.',
    kind: 'choice',
    options: [
      { value: 0, label: 'Off' },
      { value: 1, label: 'On' },
      { value: 2, label: 'Story mode' },
      { value: 3, label: 'Highlight reel' },
    ],
    default: 1,
  },
  {
    name: 'loop',
    key: 'lp',
    group: 'guided_tours',
    label: 'Loop',
    hint: 'Starts again after the last stop.',
    kind: 'choice',
    options: OFF_ON,
    default: 0,
  },
  {
    name: 'pan',
    key: 'kb',
    group: 'guided_tours',
    label: 'Pan at each stop',
    hint: 'The camera turns slowly at each stop.',
    kind: 'choice',
    options: OFF_ON,
    default: 1,
  },
  {
    name: 'transition_ms',
    key: 'st',
    group: 'guided_tours',
    label: 'Transition time (ms)',
    hint: 'Time between stops.',
    kind: 'number',
    min: 0,
    max: 20000,
    default: null,
  },
  {
    name: 'wait_ms',
    key: 'wts',
    group: 'guided_tours',
    label: 'Wait at each stop (ms)',
    hint: 'Time spent at each stop.',
    kind: 'number',
    min: 0,
    max: 60000,
    default: null,
  },
  // virtual reality
  {
    name: 'vr',
    key: 'vr',
    group: 'virtual_reality',
    label: 'VR button',
    hint: 'Offers to view the tour in a headset.',
    kind: 'choice',
    options: OFF_ON,
    default: 1,
  },
  {
    name: 'vr_collision',
    key: 'vrcoll',
    group: 'virtual_reality',
    label: 'Walk through walls in VR',
    hint: 'On lets headset visitors pass through walls.',
    kind: 'choice',
    options: OFF_ON,
    default: 0,
  },
  // sdk
  {
    name: 'sdk_key',
    key: 'applicationKey',
    group: 'sdk',
    label: 'SDK application key',
    hint: 'Only for a viewer driven through the Matterport SDK.',
    kind: 'text',
    pattern: '^[A-Za-z0-9]{10,64}$',
    default: null,
  },
];

/** Each parameter's value, by its long name: what the API answers and the form edits. */
export type UrlParameterValues = Record<string, number | string | null>;

export function defaultUrlParameters(): UrlParameterValues {
  return Object.fromEntries(URL_PARAMETERS.map((parameter) => [parameter.name, parameter.default]));
}

/**
 * The embed's query for a set of values: only those that differ from the viewer's own default, under their short
 * keys, in the catalogue's order, so the same settings always make the same link.
 */
export function embedQuery(values: UrlParameterValues): URLSearchParams {
  const query = new URLSearchParams();
  for (const parameter of URL_PARAMETERS) {
    const value = values[parameter.name];
    if (value === null || value === undefined || value === parameter.default) continue;
    query.set(parameter.key, String(value));
  }
  return query;
}

// The tour's layers: what the draft holds and publishing copies (camelCase here; snake_case on the wire).

export interface OverlayFont {
  family: FontFamily;
  weight: FontWeight;
  /** A colour (001 §5 colour parsing). */
  color: string;
}
export type OverlayItem =
  | { type: 'logo'; size: LogoSize; source: (typeof LOGO_SOURCES)[number] }
  | { type: 'menu-button' }
  | { type: 'property-title'; font: OverlayFont; size: (typeof TITLE_SIZES)[number] };
export interface OverlayRow {
  /** null: no banner. A colour banner with `color` null takes the branding's primary colour. */
  banner: { style: (typeof OVERLAY_BANNER_STYLES)[number]; color: string | null } | null;
  /** Exactly three columns: left, middle, right; each a list of items, top to bottom. */
  columns: [OverlayItem[], OverlayItem[], OverlayItem[]];
}
export interface OverlayLayout {
  top: OverlayRow;
  bottom: OverlayRow;
  menu: {
    type: MenuType;
    font: OverlayFont;
    background: { color: string; style: (typeof MENU_BACKGROUND_STYLES)[number] };
  };
}
export interface MenuEntry {
  /** Chosen by the page (any string up to 40 characters), unique within the menu. */
  id: string;
  title: string;
  icon: (typeof MENU_ICONS)[number];
  type: MenuEntryType;
  /** `link` only: an absolute http(s) URL. */
  url: string | null;
  /** `submenu` only: its entries, which are never sub-menus themselves. */
  childEntries: MenuEntry[];
}
export interface WelcomeScreen {
  enabled: boolean;
  title: string;
  message: string;
  /** A location image of the provider's (POST /provider/virtual_tours/location_images.json), or none. */
  imageId: string | null;
  buttonLabel: string;
}
export interface GuidedTourLayer {
  enabled: boolean;
  /** Start the guided tour on arrival. */
  autoplay: boolean;
  loop: boolean;
}
export interface TourLayers {
  overlay: OverlayLayout;
  menu: { entries: MenuEntry[] };
  welcomeScreen: WelcomeScreen;
  guidedTour: GuidedTourLayer;
}

const DEFAULT_FONT: OverlayFont = { family: 'system', weight: 700, color: '#ffffff' };

/**
 * The English words the display defaults give the contact form's and the map's menu entries and the welcome screen's
 * button: while a provider keeps them, the visitor's player says them in the visitor's language.
 */
export const DEFAULT_TOUR_WORDS = {
  contactForm: 'Contact the agent',
  map: 'Location',
  welcomeButton: 'Start the tour',
} as const;

/** 001 §3 "Tour display defaults": logo top right (sm), banner on top in the branding colour, sidebar menu, title top left. */
export function defaultTourLayers(): TourLayers {
  return {
    overlay: {
      top: {
        banner: { style: 'color', color: null },
        columns: [
          [
            { type: 'menu-button' },
            { type: 'property-title', font: { ...DEFAULT_FONT, color: '#222222' }, size: 'md' },
          ],
          [],
          [{ type: 'logo', size: 'sm', source: 'provider' }],
        ],
      },
      bottom: { banner: null, columns: [[], [], []] },
      menu: {
        type: 'sidebar',
        font: { family: 'system', weight: 400, color: '#ffffff' },
        background: { color: '#454545bf', style: 'frosted' },
      },
    },
    menu: {
      entries: [
        {
          id: 'contact',
          title: DEFAULT_TOUR_WORDS.contactForm,
          icon: 'mail',
          type: 'contact_form',
          url: null,
          childEntries: [],
        },
        { id: 'map', title: DEFAULT_TOUR_WORDS.map, icon: 'map', type: 'map', url: null, childEntries: [] },
      ],
    },
    welcomeScreen: {
      enabled: false,
      title: '',
      message: '',
      imageId: null,
      buttonLabel: DEFAULT_TOUR_WORDS.welcomeButton,
    },
    guidedTour: { enabled: false, autoplay: false, loop: false },
  };
}
