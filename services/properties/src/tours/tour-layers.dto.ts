import { applyDecorators, type Type as ClassType } from '@nestjs/common';
import { ApiExtraModels, ApiProperty, getSchemaPath } from '@nestjs/swagger';
import { plainToInstance, Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsIn,
  IsObject,
  IsString,
  Matches,
  MaxLength,
  ValidateBy,
  ValidateIf,
  ValidateNested,
  type ValidationArguments,
} from 'class-validator';
import {
  COLOUR_PATTERN,
  FONT_FAMILIES,
  FONT_WEIGHTS,
  LOGO_SIZES,
  LOGO_SOURCES,
  MENU_BACKGROUND_STYLES,
  MENU_ENTRY_TYPES,
  MENU_ICONS,
  MENU_TYPES,
  MESSAGES,
  NOT_A_COLOUR,
  OVERLAY_BANNER_STYLES,
  OVERLAY_ITEM_TYPES,
  TITLE_SIZES,
  TOUR_LIMITS,
  TRANSLUCENT_HEX_PATTERN,
  type MenuEntryType,
} from '@tourly/contracts';
import {
  Nested,
  OptionalFlag,
  OptionalOneOf,
  RequiredFlag,
  RequiredOneOf,
  RequiredString,
  UUID_PATTERN,
} from '@tourly/platform';
import { HttpLink } from './http-link';
import { VirtualTourSummaryResponse } from './player-links.dto';

/**
 * A tour's layers (`TourLayers` in contracts) as the provider sends them: the overlay, the menu, the welcome screen
 * and the guided tour. Each form holds the whole of its part; errors land on the field's path
 * (`overlay.top.columns.0.1.size`, `menu.entries.2.url`).
 */

export const LAYER_MESSAGES = {
  oneMenuButtonAndTitle: 'may hold one menu button and one property title in the whole overlay',
  threeColumns: 'must be three lists of items (left, middle, right)',
  columnTooLong: `each column holds at most ${TOUR_LIMITS.overlayItemsPerColumn} items`,
  notAnItem: 'must list items (objects with a type)',
  duplicateEntryId: 'is already the id of another entry',
  notALocationImage: 'must be one of your location images',
} as const;

/** A colour per 001 §5; `translucent`: also `#rrggbbaa` (the menu's see-through backgrounds). */
const Colour = (options: { nullable?: boolean; translucent?: boolean } = {}) =>
  applyDecorators(
    ApiProperty({ type: String, example: '#ffffff', nullable: options.nullable === true }),
    ...(options.nullable ? [ValidateIf((_object, value) => value !== null)] : []),
    IsDefined({ message: MESSAGES.required }),
    IsString({ message: NOT_A_COLOUR }),
    ValidateBy({
      name: 'colour',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'string' &&
          (COLOUR_PATTERN.test(value) ||
            (options.translucent === true && TRANSLUCENT_HEX_PATTERN.test(value))),
        defaultMessage: () => NOT_A_COLOUR,
      },
    }),
  );

/** Text that must be sent but may be empty (a welcome screen without a message). */
const Text = (maxLength: number) =>
  applyDecorators(
    ApiProperty({ type: String, maxLength }),
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value)),
    IsDefined({ message: MESSAGES.required }),
    IsString({ message: 'must be text' }),
    MaxLength(maxLength, { message: `must be at most ${maxLength} characters` }),
  );

export class OverlayFontForm {
  @RequiredOneOf(FONT_FAMILIES)
  family!: (typeof FONT_FAMILIES)[number];

  @ApiProperty({ enum: FONT_WEIGHTS, type: Number })
  @IsDefined({ message: MESSAGES.required })
  @IsIn(FONT_WEIGHTS as unknown as number[], { message: `must be one of: ${FONT_WEIGHTS.join(', ')}` })
  weight!: (typeof FONT_WEIGHTS)[number];

  @Colour()
  color!: string;
}

// The overlay's items: one class per `type`, chosen by the item's own `type` (see OverlayColumns).

export class LogoItemForm {
  @RequiredOneOf(['logo'] as const)
  type!: 'logo';

  @RequiredOneOf(LOGO_SIZES)
  size!: (typeof LOGO_SIZES)[number];

  @RequiredOneOf(LOGO_SOURCES)
  source!: (typeof LOGO_SOURCES)[number];
}

export class MenuButtonItemForm {
  @RequiredOneOf(['menu-button'] as const)
  type!: 'menu-button';
}

export class PropertyTitleItemForm {
  @RequiredOneOf(['property-title'] as const)
  type!: 'property-title';

  @Nested(() => OverlayFontForm)
  font!: OverlayFontForm;

  @RequiredOneOf(TITLE_SIZES)
  size!: (typeof TITLE_SIZES)[number];
}

/** An item whose `type` is none of the above: validated only to say so, on its `type`. */
class UnknownItemForm {
  @RequiredOneOf(OVERLAY_ITEM_TYPES)
  type!: string;
}

export type OverlayItemForm = LogoItemForm | MenuButtonItemForm | PropertyTitleItemForm;

const ITEM_FORMS: Record<(typeof OVERLAY_ITEM_TYPES)[number], ClassType<OverlayItemForm>> = {
  logo: LogoItemForm,
  'menu-button': MenuButtonItemForm,
  'property-title': PropertyTitleItemForm,
};

function itemFormOf(item: unknown): unknown {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return item;
  const type = (item as { type?: unknown }).type;
  const form =
    typeof type === 'string' && Object.hasOwn(ITEM_FORMS, type)
      ? ITEM_FORMS[type as keyof typeof ITEM_FORMS]
      : UnknownItemForm;
  return plainToInstance(form, item);
}

function isColumnList(value: unknown): boolean {
  return Array.isArray(value) && value.length === 3 && value.every((column) => Array.isArray(column));
}

/**
 * A row's three columns of items. class-transformer's discriminator does not reach into lists of lists, so each
 * item is made an instance of its type's class here, and class-validator then validates it on its path
 * (`columns.<column>.<index>.<field>`).
 */
const OverlayColumns = () =>
  applyDecorators(
    ApiProperty({
      type: 'array',
      minItems: 3,
      maxItems: 3,
      description: 'left, middle, right',
      items: {
        type: 'array',
        maxItems: TOUR_LIMITS.overlayItemsPerColumn,
        items: {
          oneOf: [
            { $ref: getSchemaPath(LogoItemForm) },
            { $ref: getSchemaPath(MenuButtonItemForm) },
            { $ref: getSchemaPath(PropertyTitleItemForm) },
          ],
        },
      },
    }),
    Transform(({ value }: { value: unknown }) =>
      isColumnList(value) ? (value as unknown[][]).map((column) => column.map(itemFormOf)) : value,
    ),
    IsDefined({ message: MESSAGES.required }),
    ValidateBy({
      name: 'overlayColumns',
      validator: { validate: isColumnList, defaultMessage: () => LAYER_MESSAGES.threeColumns },
    }),
    ValidateBy({
      name: 'overlayColumnLength',
      validator: {
        validate: (value: unknown) =>
          (value as unknown[][]).every((column) => column.length <= TOUR_LIMITS.overlayItemsPerColumn),
        defaultMessage: () => LAYER_MESSAGES.columnTooLong,
      },
    }),
    ValidateBy({
      name: 'overlayItems',
      validator: {
        validate: (value: unknown) =>
          (value as unknown[][]).every((column) =>
            column.every((item) => typeof item === 'object' && item !== null && !Array.isArray(item)),
          ),
        defaultMessage: () => LAYER_MESSAGES.notAnItem,
      },
    }),
    ValidateNested(),
  );

export class OverlayBannerForm {
  @RequiredOneOf(OVERLAY_BANNER_STYLES)
  style!: (typeof OVERLAY_BANNER_STYLES)[number];

  /** null: the branding's primary colour. */
  @Colour({ nullable: true })
  color!: string | null;
}

function itemsOfType(row: unknown, type: string): number {
  const columns = (row as { columns?: unknown } | null | undefined)?.columns;
  if (!isColumnList(columns)) return 0;
  return (columns as unknown[][]).flat().filter((item) => (item as { type?: unknown } | null)?.type === type)
    .length;
}

/**
 * The whole overlay holds at most one menu button and one property title. Checked on each row that holds one,
 * counting both rows, so the error lands on the row (or rows) to change.
 */
const AtMostOneMenuButtonAndTitle = (row: 'top' | 'bottom') =>
  ValidateBy({
    name: 'oneMenuButtonAndTitle',
    validator: {
      validate: (_value: unknown, args?: ValidationArguments) => {
        const overlay = args?.object as { top?: unknown; bottom?: unknown };
        return ['menu-button', 'property-title'].every(
          (type) =>
            itemsOfType(overlay[row], type) === 0 ||
            itemsOfType(overlay.top, type) + itemsOfType(overlay.bottom, type) <= 1,
        );
      },
      defaultMessage: () => LAYER_MESSAGES.oneMenuButtonAndTitle,
    },
  });

export class OverlayRowForm {
  /** null: no banner. */
  @ApiProperty({ type: () => OverlayBannerForm, nullable: true })
  @ValidateIf((_object, value) => value !== null)
  @Nested(() => OverlayBannerForm)
  banner!: OverlayBannerForm | null;

  @OverlayColumns()
  columns!: [OverlayItemForm[], OverlayItemForm[], OverlayItemForm[]];
}

export class MenuBackgroundForm {
  @Colour({ translucent: true })
  color!: string;

  @RequiredOneOf(MENU_BACKGROUND_STYLES)
  style!: (typeof MENU_BACKGROUND_STYLES)[number];
}

export class OverlayMenuForm {
  @RequiredOneOf(MENU_TYPES)
  type!: (typeof MENU_TYPES)[number];

  @Nested(() => OverlayFontForm)
  font!: OverlayFontForm;

  @Nested(() => MenuBackgroundForm)
  background!: MenuBackgroundForm;
}

/** The overlay's layout: its top and bottom rows and the menu's look. Overlay templates save the same. */
export class OverlayLayoutForm {
  @AtMostOneMenuButtonAndTitle('top')
  @Nested(() => OverlayRowForm)
  top!: OverlayRowForm;

  @AtMostOneMenuButtonAndTitle('bottom')
  @Nested(() => OverlayRowForm)
  bottom!: OverlayRowForm;

  @Nested(() => OverlayMenuForm)
  menu!: OverlayMenuForm;
}

// The menu.

const SUB_ENTRY_TYPES = MENU_ENTRY_TYPES.filter((type) => type !== 'submenu');

const EntryId = () =>
  applyDecorators(
    ApiProperty({ type: String, maxLength: 40, description: 'chosen by the page, unique within the menu' }),
    IsDefined({ message: MESSAGES.required }),
    IsString({ message: MESSAGES.required }),
    Matches(/^\S{1,40}$/, { message: 'must be 1 to 40 characters without spaces' }),
  );

const EntryTitle = () =>
  applyDecorators(Text(TOUR_LIMITS.menuTitle), Matches(/\S/, { message: MESSAGES.required }));

/** `link` only (null otherwise): an absolute http(s) URL. */
const EntryUrl = () =>
  applyDecorators(
    ApiProperty({ type: String, nullable: true, description: '`link` only: an absolute http(s) URL' }),
    ValidateIf((object: { type?: unknown }) => object.type === 'link'),
    IsDefined({ message: MESSAGES.required }),
    IsString({ message: MESSAGES.invalidUrl }),
    HttpLink(),
    MaxLength(2000, { message: 'must be at most 2000 characters' }),
  );

/** A list of menu entries, each an object validated by its class. */
const EntryList = (type: () => ClassType<unknown>, limits: { min: number; max: number }) =>
  applyDecorators(
    ApiProperty({ type: () => [type()], minItems: limits.min, maxItems: limits.max }),
    IsDefined({ message: MESSAGES.required }),
    IsArray({ message: 'must be a list of entries' }),
    ...(limits.min > 0 ? [ArrayMinSize(limits.min, { message: 'a sub-menu needs at least one entry' })] : []),
    ArrayMaxSize(limits.max, { message: `must list at most ${limits.max}` }),
    IsObject({ each: true, message: 'must list entries' }),
    ValidateNested({ each: true }),
    Type(type),
  );

/** An entry of a sub-menu: anything but another sub-menu. */
export class MenuChildEntryForm {
  @EntryId()
  id!: string;

  @EntryTitle()
  title!: string;

  @RequiredOneOf(MENU_ICONS)
  icon!: (typeof MENU_ICONS)[number];

  @RequiredOneOf(SUB_ENTRY_TYPES)
  type!: Exclude<MenuEntryType, 'submenu'>;

  @EntryUrl()
  url!: string | null;
}

export class MenuEntryForm {
  @EntryId()
  id!: string;

  @EntryTitle()
  title!: string;

  @RequiredOneOf(MENU_ICONS)
  icon!: (typeof MENU_ICONS)[number];

  @RequiredOneOf(MENU_ENTRY_TYPES)
  type!: MenuEntryType;

  @EntryUrl()
  url!: string | null;

  /** `submenu` only (1 to 20 entries); ignored and stored empty for the other types. */
  @ValidateIf((object: { type?: unknown }) => object.type === 'submenu')
  @EntryList(() => MenuChildEntryForm, { min: 1, max: TOUR_LIMITS.childEntries })
  childEntries!: MenuChildEntryForm[];
}

const uniqueIds = (value: unknown): boolean => {
  if (!Array.isArray(value)) return true;
  const ids = (value as Array<{ id?: unknown; type?: unknown; childEntries?: unknown }>).flatMap((entry) => [
    entry?.id,
    ...(Array.isArray(entry?.childEntries) && entry.type === 'submenu'
      ? (entry.childEntries as Array<{ id?: unknown }>).map((child) => child?.id)
      : []),
  ]);
  return new Set(ids).size === ids.length;
};

export class MenuForm {
  @ValidateBy({
    name: 'uniqueEntryIds',
    validator: { validate: uniqueIds, defaultMessage: () => LAYER_MESSAGES.duplicateEntryId },
  })
  @EntryList(() => MenuEntryForm, { min: 0, max: TOUR_LIMITS.menuEntries })
  entries!: MenuEntryForm[];
}

export class WelcomeScreenForm {
  @RequiredFlag()
  enabled!: boolean;

  @Text(TOUR_LIMITS.welcomeTitle)
  title!: string;

  @Text(TOUR_LIMITS.welcomeMessage)
  message!: string;

  /** One of the provider's location images, or null: none. */
  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  @ValidateIf((_object, value) => value !== null)
  @IsDefined({ message: MESSAGES.required })
  @Matches(UUID_PATTERN, { message: LAYER_MESSAGES.notALocationImage })
  imageId!: string | null;

  @Text(TOUR_LIMITS.menuTitle)
  buttonLabel!: string;
}

export class GuidedTourLayerForm {
  @RequiredFlag()
  enabled!: boolean;

  @RequiredFlag()
  autoplay!: boolean;

  @RequiredFlag()
  loop!: boolean;
}

/** The whole layers, as `PUT /provider/virtual_tours/{id}/draft` takes them. */
export class TourLayersForm {
  @Nested(() => OverlayLayoutForm)
  overlay!: OverlayLayoutForm;

  @Nested(() => MenuForm)
  menu!: MenuForm;

  @Nested(() => WelcomeScreenForm)
  welcomeScreen!: WelcomeScreenForm;

  @Nested(() => GuidedTourLayerForm)
  guidedTour!: GuidedTourLayerForm;
}

// Answers: the same shapes, as stored.

export class OverlayFontResponse {
  @ApiProperty({ enum: FONT_FAMILIES })
  family!: (typeof FONT_FAMILIES)[number];

  @ApiProperty({ enum: FONT_WEIGHTS, type: Number })
  weight!: (typeof FONT_WEIGHTS)[number];

  @ApiProperty({ example: '#ffffff' })
  color!: string;
}

export class LogoItemResponse {
  @ApiProperty({ enum: ['logo'] })
  type!: 'logo';

  @ApiProperty({ enum: LOGO_SIZES })
  size!: (typeof LOGO_SIZES)[number];

  @ApiProperty({ enum: LOGO_SOURCES })
  source!: (typeof LOGO_SOURCES)[number];
}

export class MenuButtonItemResponse {
  @ApiProperty({ enum: ['menu-button'] })
  type!: 'menu-button';
}

export class PropertyTitleItemResponse {
  @ApiProperty({ enum: ['property-title'] })
  type!: 'property-title';

  @ApiProperty({ type: () => OverlayFontResponse })
  font!: OverlayFontResponse;

  @ApiProperty({ enum: TITLE_SIZES })
  size!: (typeof TITLE_SIZES)[number];
}

export type OverlayItemResponse = LogoItemResponse | MenuButtonItemResponse | PropertyTitleItemResponse;

export class OverlayBannerResponse {
  @ApiProperty({ enum: OVERLAY_BANNER_STYLES })
  style!: (typeof OVERLAY_BANNER_STYLES)[number];

  @ApiProperty({ type: String, nullable: true, description: "null: the branding's primary colour" })
  color!: string | null;
}

export class OverlayRowResponse {
  @ApiProperty({ type: () => OverlayBannerResponse, nullable: true })
  banner!: OverlayBannerResponse | null;

  @ApiProperty({
    type: 'array',
    minItems: 3,
    maxItems: 3,
    description: 'left, middle, right',
    items: {
      type: 'array',
      items: {
        oneOf: [
          { $ref: getSchemaPath(LogoItemResponse) },
          { $ref: getSchemaPath(MenuButtonItemResponse) },
          { $ref: getSchemaPath(PropertyTitleItemResponse) },
        ],
      },
    },
  })
  columns!: [OverlayItemResponse[], OverlayItemResponse[], OverlayItemResponse[]];
}

export class MenuBackgroundResponse {
  @ApiProperty({ example: '#454545bf' })
  color!: string;

  @ApiProperty({ enum: MENU_BACKGROUND_STYLES })
  style!: (typeof MENU_BACKGROUND_STYLES)[number];
}

export class OverlayMenuResponse {
  @ApiProperty({ enum: MENU_TYPES })
  type!: (typeof MENU_TYPES)[number];

  @ApiProperty({ type: () => OverlayFontResponse })
  font!: OverlayFontResponse;

  @ApiProperty({ type: () => MenuBackgroundResponse })
  background!: MenuBackgroundResponse;
}

export class OverlayLayoutResponse {
  @ApiProperty({ type: () => OverlayRowResponse })
  top!: OverlayRowResponse;

  @ApiProperty({ type: () => OverlayRowResponse })
  bottom!: OverlayRowResponse;

  @ApiProperty({ type: () => OverlayMenuResponse })
  menu!: OverlayMenuResponse;
}

export class MenuChildEntryResponse {
  @ApiProperty()
  id!: string;

  @ApiProperty()
  title!: string;

  @ApiProperty({ enum: MENU_ICONS })
  icon!: (typeof MENU_ICONS)[number];

  @ApiProperty({ enum: SUB_ENTRY_TYPES })
  type!: Exclude<MenuEntryType, 'submenu'>;

  @ApiProperty({ type: String, nullable: true })
  url!: string | null;

  @ApiProperty({ type: [Object], maxItems: 0, description: 'always empty' })
  childEntries!: [];
}

export class MenuEntryResponse {
  @ApiProperty()
  id!: string;

  @ApiProperty()
  title!: string;

  @ApiProperty({ enum: MENU_ICONS })
  icon!: (typeof MENU_ICONS)[number];

  @ApiProperty({ enum: MENU_ENTRY_TYPES })
  type!: MenuEntryType;

  @ApiProperty({ type: String, nullable: true })
  url!: string | null;

  @ApiProperty({ type: () => [MenuChildEntryResponse] })
  childEntries!: MenuChildEntryResponse[];
}

export class MenuResponse {
  @ApiProperty({ type: () => [MenuEntryResponse] })
  entries!: MenuEntryResponse[];
}

export class WelcomeScreenResponse {
  @ApiProperty()
  enabled!: boolean;

  @ApiProperty()
  title!: string;

  @ApiProperty()
  message!: string;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  imageId!: string | null;

  @ApiProperty()
  buttonLabel!: string;
}

export class GuidedTourLayerResponse {
  @ApiProperty()
  enabled!: boolean;

  @ApiProperty()
  autoplay!: boolean;

  @ApiProperty()
  loop!: boolean;
}

export class TourLayersResponse {
  @ApiProperty({ type: () => OverlayLayoutResponse })
  overlay!: OverlayLayoutResponse;

  @ApiProperty({ type: () => MenuResponse })
  menu!: MenuResponse;

  @ApiProperty({ type: () => WelcomeScreenResponse })
  welcomeScreen!: WelcomeScreenResponse;

  @ApiProperty({ type: () => GuidedTourLayerResponse })
  guidedTour!: GuidedTourLayerResponse;
}

// The routes' bodies and answers.

export class DraftForm {
  @Nested(() => TourLayersForm)
  state!: TourLayersForm;
}

/** `PUT /provider/virtual_tours/{id}/draft`: `{draft: {state: <the whole layers>}}`. */
export class UpdateDraft {
  @Nested(() => DraftForm)
  draft!: DraftForm;
}

/** `PUT /provider/virtual_tours/{id}/menu`: `{menu: {entries}}`. */
export class UpdateMenu {
  @Nested(() => MenuForm)
  menu!: MenuForm;
}

export class UpdateWelcomeScreen {
  @Nested(() => WelcomeScreenForm)
  overlayWelcomeScreen!: WelcomeScreenForm;
}

/** Each key sent replaces its value. */
export class GuidedTourLayerChange {
  @OptionalFlag()
  enabled?: boolean;

  @OptionalFlag()
  autoplay?: boolean;

  @OptionalFlag()
  loop?: boolean;
}

export class UpdateGuidedTourLayer {
  @Nested(() => GuidedTourLayerChange)
  guidedTourLayer!: GuidedTourLayerChange;
}

export class GuidedTourEnabled {
  @RequiredFlag()
  enabled!: boolean;
}

export class EnableGuidedTourLayer {
  @Nested(() => GuidedTourEnabled)
  guidedTourLayer!: GuidedTourEnabled;
}

/** `PUT /provider/virtual_tours/layers/publish`: the provider's live property by slug; `publish: false` takes the layers down. */
export class PublishLayers {
  @RequiredString(200)
  propertySlug!: string;

  @OptionalFlag({ default: true })
  publish?: boolean;
}

export const PREVIEW_STATES = ['draft', 'published'] as const;
export type PreviewState = (typeof PREVIEW_STATES)[number];

export class PreviewQuery {
  @OptionalOneOf(PREVIEW_STATES)
  state?: PreviewState;
}

/** The layers being edited: the virtual tour with its draft's state and what visitors see. */
export class DraftResponse extends VirtualTourSummaryResponse {
  @ApiProperty({ format: 'uuid' })
  propertyId!: string;

  @ApiProperty({
    type: () => TourLayersResponse,
    description: 'the draft, else the published layers, else the defaults',
  })
  state!: TourLayersResponse;

  @ApiProperty({
    type: () => TourLayersResponse,
    nullable: true,
    description: 'null: visitors see the defaults',
  })
  published!: TourLayersResponse | null;
}

export class WelcomeScreenAnswer {
  @ApiProperty({ type: () => WelcomeScreenResponse })
  overlayWelcomeScreen!: WelcomeScreenResponse;
}

export class GuidedTourLayerAnswer {
  @ApiProperty({ type: () => GuidedTourLayerResponse })
  guidedTourLayer!: GuidedTourLayerResponse;
}

/**
 * The overlay's item classes, which the columns name only inside `oneOf` (where Swagger does not follow them): a
 * controller taking or answering an overlay declares them with this, so the document holds their schemas.
 */
export const OverlayItemModels = () =>
  ApiExtraModels(
    LogoItemForm,
    MenuButtonItemForm,
    PropertyTitleItemForm,
    LogoItemResponse,
    MenuButtonItemResponse,
    PropertyTitleItemResponse,
  );
