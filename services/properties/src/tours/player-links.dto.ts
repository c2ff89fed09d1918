import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsDefined,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import {
  COLOUR_PATTERN,
  MEASUREMENT_UNITS,
  MEDIA_SIZES,
  MEDIA_SUB_TYPES,
  MEDIA_TYPES,
  MESSAGES,
  NOT_A_COLOUR,
  TOUR_LIMITS,
} from '@tourly/contracts';
import {
  Nested,
  OptionalFlag,
  OptionalOneOf,
  OptionalString,
  PageQuery,
  RequiredOneOf,
  StrongPassword,
  UUID_PATTERN,
} from '@tourly/platform';
import { HttpLink, OptionalLink } from './http-link';

/**
 * Checks run in the order written (stacked decorators register bottom-up, and with the first failure the only one
 * reported, the order decides the message: `Required` before `Invalid URL`).
 */
const InOrder = (...checks: PropertyDecorator[]) => applyDecorators(...checks);

const trim = Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** Branding text: empty clears it, like null. */
const BrandingText = () =>
  applyDecorators(
    ApiPropertyOptional({ type: String, nullable: true, maxLength: TOUR_LIMITS.brandingText }),
    trim,
    IsOptional(),
    IsString({ message: 'must be text' }),
    MaxLength(TOUR_LIMITS.brandingText, {
      message: `must be at most ${TOUR_LIMITS.brandingText} characters`,
    }),
  );

/** `{provider_properties_update_player_link_branding_form: {...}}`: each key sent replaces its value; null restores the default. */
export class BrandingForm {
  @OptionalFlag({ nullable: true })
  displayProviderLogo?: boolean | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: '#ffffff' })
  @IsOptional()
  @IsString({ message: NOT_A_COLOUR })
  @Matches(COLOUR_PATTERN, { message: NOT_A_COLOUR })
  primaryColor?: string | null;

  @OptionalLink()
  clientUrl?: string | null;

  @OptionalLink()
  clientLogoUrl?: string | null;

  @BrandingText()
  clientName?: string | null;

  @BrandingText()
  providerName?: string | null;

  @OptionalLink()
  providerUrl?: string | null;

  @OptionalLink()
  providerLogoUrl?: string | null;
}

export const CLIENT_CHANGED_FLAG = "must be '1' or '0'";

export class UpdateBranding {
  @Nested(() => BrandingForm)
  providerPropertiesUpdatePlayerLinkBrandingForm!: BrandingForm;

  /** '1': the form's client part (name, URL, logo) was changed, and only then is it saved. */
  @ApiProperty({ enum: ['1', '0'] })
  @IsDefined({ message: CLIENT_CHANGED_FLAG })
  @IsIn(['1', '0'], { message: CLIENT_CHANGED_FLAG })
  providerClientHasChanged!: '1' | '0';
}

export const NOT_THIS_PROPERTYS_MEDIA = {
  photo: 'must be a photo of this property',
  video: 'must be a video of this property',
} as const;

/** `{player_link_media: {...}}`: the media beside the tour, replaced whole. */
export class MediaForm {
  @RequiredOneOf(MEDIA_TYPES)
  type!: (typeof MEDIA_TYPES)[number];

  @ApiPropertyOptional({ enum: MEDIA_SUB_TYPES, nullable: true })
  @IsOptional()
  @IsIn(MEDIA_SUB_TYPES, { message: `must be one of: ${MEDIA_SUB_TYPES.join(', ')}` })
  subType?: (typeof MEDIA_SUB_TYPES)[number] | null;

  @OptionalOneOf(MEDIA_SIZES)
  size?: (typeof MEDIA_SIZES)[number] | null;

  /** Required for `website` and `rich`. */
  @ApiPropertyOptional({ type: String, nullable: true, description: 'required for website and rich' })
  @trim
  @ValidateIf((form: MediaForm) => form.type === 'website' || form.type === 'rich')
  @InOrder(
    IsDefined({ message: MESSAGES.required }),
    IsString({ message: MESSAGES.invalidUrl }),
    Matches(/\S/, { message: MESSAGES.required }),
    HttpLink(),
    MaxLength(2000, { message: 'must be at most 2000 characters' }),
  )
  url?: string | null;

  /** Required for `photo` (one of the property's photos) and `video` (one of its videos). */
  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true })
  @ValidateIf((form: MediaForm) => form.type === 'photo' || form.type === 'video')
  @IsDefined({ message: MESSAGES.required })
  @Matches(UUID_PATTERN, {
    message: ({ object }) => NOT_THIS_PROPERTYS_MEDIA[(object as MediaForm).type as 'photo' | 'video'],
  })
  mediaId?: string | null;
}

export class UpdateMedia {
  @Nested(() => MediaForm)
  playerLinkMedia!: MediaForm;
}

export class PrimaryModelForm {
  /** A scan key as 001 §5 reads it (a bare id or any Matterport link); null: the property's own model. */
  @ApiProperty({ type: String, nullable: true })
  @trim
  @ValidateIf((_object, value) => value !== null)
  @IsDefined({ message: MESSAGES.required })
  @IsString({ message: MESSAGES.required })
  @MaxLength(2000, { message: 'must be at most 2000 characters' })
  modelSource!: string | null;
}

export class UpdatePrimaryModel {
  @Nested(() => PrimaryModelForm)
  playerLink!: PrimaryModelForm;
}

/** `{player_link_setup: {...}}`: each key sent replaces its value; null restores the default. */
export class SetupForm {
  @ApiPropertyOptional({ type: String, nullable: true, example: 'en', description: 'two lowercase letters' })
  @IsOptional()
  @IsString({ message: 'is not a language code (two letters, e.g. en)' })
  @Matches(/^[a-z]{2}$/, { message: 'is not a language code (two letters, e.g. en)' })
  language?: string | null;

  @OptionalOneOf(MEASUREMENT_UNITS)
  measurementUnit?: (typeof MEASUREMENT_UNITS)[number] | null;

  @OptionalFlag({ nullable: true })
  showMap?: boolean | null;

  @OptionalFlag({ nullable: true })
  showContactForm?: boolean | null;

  @OptionalFlag({ nullable: true })
  showFooter?: boolean | null;
}

export class UpdateSetup {
  @Nested(() => SetupForm)
  playerLinkSetup!: SetupForm;
}

const bothEmpty = (form: PasswordForm) => form.password === '' && form.username === '';

/** Both empty: the password is removed. */
export class PasswordForm {
  @ApiProperty({ type: String, maxLength: TOUR_LIMITS.username })
  @InOrder(
    IsDefined({ message: MESSAGES.required }),
    IsString({ message: MESSAGES.required }),
    ValidateIf((form: PasswordForm) => !bothEmpty(form)),
    Matches(new RegExp(`^(?=.*\\S)[^]{1,${TOUR_LIMITS.username}}$`, 'u'), {
      message: `must be 1 to ${TOUR_LIMITS.username} characters`,
    }),
  )
  username!: string;

  @ApiProperty({ type: String, minLength: TOUR_LIMITS.passwordMin, maxLength: TOUR_LIMITS.passwordMax })
  @InOrder(
    IsDefined({ message: MESSAGES.required }),
    IsString({ message: MESSAGES.required }),
    ValidateIf((form: PasswordForm) => !bothEmpty(form)),
    Matches(new RegExp(`^[^]{${TOUR_LIMITS.passwordMin},${TOUR_LIMITS.passwordMax}}$`, 'u'), {
      message: `must be ${TOUR_LIMITS.passwordMin} to ${TOUR_LIMITS.passwordMax} characters`,
    }),
    // The accounts' strength rule and words: a tour's password guards what visitors may not see without it.
    StrongPassword(['username']),
  )
  password!: string;
}

export class UpdatePassword {
  @Nested(() => PasswordForm)
  playerLink!: PasswordForm;
}

const LEAD_GATE_RANGE = `must be between ${TOUR_LIMITS.leadGateSweepsMin} and ${TOUR_LIMITS.leadGateSweepsMax}`;

/** 422 on `base` when a gate is asked of a tour whose leads would reach no agent: what to do first. */
export const LEAD_GATE_NEEDS_AN_AGENT = 'Add an agent to the tour before asking visitors for their details';

/** `{player_link: {lead_gate_sweeps}}`: the positions a visitor sees before the contact form; null: no gate. */
export class LeadGateForm {
  @ApiProperty({
    type: Number,
    nullable: true,
    minimum: TOUR_LIMITS.leadGateSweepsMin,
    maximum: TOUR_LIMITS.leadGateSweepsMax,
    description: 'the sweeps a visitor may see before the contact form asks for their details; null: no gate',
  })
  @InOrder(
    IsDefined({ message: MESSAGES.required }),
    ValidateIf((_form, value) => value !== null),
    IsInt({ message: LEAD_GATE_RANGE }),
    Min(TOUR_LIMITS.leadGateSweepsMin, { message: LEAD_GATE_RANGE }),
    Max(TOUR_LIMITS.leadGateSweepsMax, { message: LEAD_GATE_RANGE }),
  )
  leadGateSweeps!: number | null;
}

export class UpdateLeadGate {
  @Nested(() => LeadGateForm)
  playerLink!: LeadGateForm;
}

/** `{matterport_model_parameter: {<name>: value | null}}`: names of the catalogue (`URL_PARAMETERS`). */
export class UpdateUrlParameters {
  @ApiProperty({
    type: 'object',
    additionalProperties: { oneOf: [{ type: 'number' }, { type: 'string' }], nullable: true },
    description: 'parameter names of URL_PARAMETERS; null: back to the default',
  })
  @IsDefined({ message: MESSAGES.required })
  @IsObject({ message: 'must be an object' })
  matterportModelParameter!: Record<string, number | string | null>;
}

// Answers.

export class UrlParametersResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  propertyId!: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: { oneOf: [{ type: 'number' }, { type: 'string' }], nullable: true },
    description:
      "every parameter of the catalogue, by name: its value (the viewer's default where none is set)",
  })
  values!: Record<string, number | string | null>;

  @ApiProperty({
    example: 'qs=1&help=0',
    description: "the embed's query: values away from the viewer's defaults",
  })
  query!: string;
}

export class TourLinksResponse {
  @ApiProperty({ example: 'http://localhost:3000/tours/ab12cd34/seaside-villa' })
  default!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: "on the provider's white-label domain or subdomain",
  })
  whiteLabel!: string | null;

  @ApiProperty({ description: 'for listing services: no branding, no lead capture' })
  mls!: string;
}

export class BrandingResponse {
  @ApiProperty()
  displayProviderLogo!: boolean;

  @ApiProperty({ example: '#ffffff' })
  primaryColor!: string;

  @ApiProperty({ description: 'empty: none' })
  clientUrl!: string;

  @ApiProperty({ description: 'empty: none' })
  clientLogoUrl!: string;

  @ApiProperty()
  clientName!: string;

  @ApiProperty()
  providerName!: string;

  @ApiProperty({ description: 'empty: none' })
  providerUrl!: string;

  @ApiProperty({ description: 'empty: none' })
  providerLogoUrl!: string;
}

export class MediaResponse {
  @ApiProperty({ enum: MEDIA_TYPES })
  type!: (typeof MEDIA_TYPES)[number];

  @ApiProperty({ enum: MEDIA_SUB_TYPES, nullable: true })
  subType!: (typeof MEDIA_SUB_TYPES)[number] | null;

  @ApiProperty({ enum: MEDIA_SIZES })
  size!: (typeof MEDIA_SIZES)[number];

  @ApiProperty({ type: String, nullable: true })
  url!: string | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  mediaId!: string | null;
}

export class SetupResponse {
  @ApiProperty({ example: 'en' })
  language!: string;

  @ApiProperty({ enum: MEASUREMENT_UNITS })
  measurementUnit!: (typeof MEASUREMENT_UNITS)[number];

  @ApiProperty()
  showMap!: boolean;

  @ApiProperty()
  showContactForm!: boolean;

  @ApiProperty()
  showFooter!: boolean;
}

export class VirtualTourSummaryResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  hasDraft!: boolean;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  draftSavedAt!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  publishedAt!: string | null;
}

export class PlayerLinkResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  propertyId!: string;

  @ApiProperty({ description: "the provider's namespace, the links' first segment" })
  clientSlug!: string;

  @ApiProperty({ description: "the property's slug when the link was made" })
  modelSlug!: string;

  @ApiProperty({ type: () => TourLinksResponse })
  links!: TourLinksResponse;

  @ApiProperty({ description: 'an <iframe> of the default link' })
  embedCode!: string;

  @ApiProperty({ type: () => BrandingResponse })
  branding!: BrandingResponse;

  @ApiProperty({ type: () => MediaResponse })
  media!: MediaResponse;

  @ApiProperty({ type: String, nullable: true, description: "null: the property's own model" })
  modelSource!: string | null;

  @ApiProperty({ description: 'the model the player shows' })
  matterportKey!: string;

  @ApiProperty({ type: () => SetupResponse })
  setup!: SetupResponse;

  @ApiProperty({ type: String, nullable: true })
  username!: string | null;

  @ApiProperty()
  hasPassword!: boolean;

  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      'the lead gate: the sweeps a visitor sees before the contact form asks for their details; null: none',
  })
  leadGateSweeps!: number | null;

  @ApiProperty({ description: 'the tour is shared and the plan publishes: the links answer visitors' })
  shareable!: boolean;

  @ApiProperty({ type: () => UrlParametersResponse })
  matterportModelParameter!: UrlParametersResponse;

  @ApiProperty({ type: () => VirtualTourSummaryResponse })
  virtualTour!: VirtualTourSummaryResponse;

  @ApiProperty({ type: String, format: 'date-time' })
  updatedAt!: string;
}

/** `GET /admin/providers/{id}/tours`: paged, searched over the property's title and address. */
export class AdminToursQuery extends PageQuery {
  @OptionalString(200)
  search?: string;
}

/** A provider's tour (its property's player link) as the back office lists it. */
export class AdminTourResponse {
  @ApiProperty({ format: 'uuid', description: "the player link's id" })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  propertyId!: string;

  @ApiProperty()
  propertyTitle!: string;

  @ApiProperty()
  propertySlug!: string;

  @ApiProperty({ description: "the provider's player link namespace" })
  clientSlug!: string;

  @ApiProperty()
  modelSlug!: string;

  @ApiProperty({ description: 'the default link: {APP_URL}/tours/{client_slug}/{model_slug}' })
  url!: string;

  @ApiProperty({
    description: 'the model the player shows (the link’s own model source, else the property’s)',
  })
  matterportKey!: string;

  @ApiProperty({ description: "the property's published feature tour" })
  published!: boolean;

  @ApiProperty({ description: 'published and the plan publishes: the link answers visitors' })
  shareable!: boolean;

  @ApiProperty()
  premium!: boolean;

  @ApiProperty()
  hasPassword!: boolean;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'when its layers were last published',
  })
  layersPublishedAt!: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}

/** A provider's player link namespace: the first segment of all its tours' links. */
export class PlayerLinkNamespaceResponse {
  @ApiProperty({ description: 'the slug (unique)' })
  id!: string;

  @ApiProperty()
  slug!: string;

  @ApiProperty({ format: 'uuid' })
  providerId!: string;

  @ApiProperty({ description: "how many of the provider's live properties have a tour link in it" })
  tourCount!: number;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
}
