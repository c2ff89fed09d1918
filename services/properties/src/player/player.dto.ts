import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsObject, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { MESSAGES, TOUR_LIMITS } from '@tourly/contracts';
import { Nested, OptionalString, PageQuery, RequiredString } from '@tourly/platform';
import { CustomTagResponse } from '../custom-tags/custom-tags.dto';
import { GuidedStopResponse } from '../guided-tours/guided-stops.dto';
import { GuidedTourLayerResponse } from '../tours/tour-layers.dto';
import { ShowcaseSdkResponse, TourViewResponse } from '../tours/tour-view.dto';
import { PlayerAgentResponse, PlayerMapResponse } from './visitor-parts.dto';
import { SegmentResponse } from '../segmentation/segmentation.dto';
import { TransformResponse } from '../digital-twin/digital-twin.dto';

export { PlayerAgentResponse, PlayerMapResponse } from './visitor-parts.dto';

// base.json: the player's JSON (as the provider's preview) with the agents, the provider, the map and the credits.

export class PlayerQuery {
  @ApiPropertyOptional({
    enum: ['1'],
    description: 'the multiple listing service’s view: no branding, no leads',
  })
  @IsOptional()
  @Matches(/^[01]$/, { message: "must be '1' or '0'" })
  mls?: string;
}

export class PlayerProviderResponse {
  @ApiProperty({ description: 'empty when the branding names none' })
  name!: string;

  @ApiProperty({ type: String, nullable: true })
  url!: string | null;

  @ApiProperty({ type: String, nullable: true })
  logoUrl!: string | null;
}

class CreditModelResponse {
  @ApiProperty()
  uid!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ type: String, nullable: true })
  thumbnailUrl!: string | null;
}

class CreditUserResponse {
  @ApiProperty()
  name!: string;

  @ApiProperty()
  profileUrl!: string;
}

class CreditLicenseResponse {
  @ApiProperty()
  label!: string;

  @ApiProperty()
  url!: string;
}

/** A third-party model the tour shows (virtual staging), credited once each. */
export class ModelCreditResponse {
  @ApiProperty({ type: () => CreditModelResponse })
  model!: CreditModelResponse;

  @ApiProperty({ type: () => CreditUserResponse })
  user!: CreditUserResponse;

  @ApiProperty({ type: () => CreditLicenseResponse })
  license!: CreditLicenseResponse;
}

export class LeadGateResponse {
  @ApiProperty({
    description: 'the positions (sweeps) a visitor sees before the contact form asks for their details',
  })
  sweeps!: number;
}

export class PlayerTourResponse extends TourViewResponse {
  @ApiProperty({
    description: 'the public id: `{client_slug}~{model_slug}`',
    example: 'k3x9q2ab~seaside-villa',
  })
  id!: string;

  @ApiProperty({ type: [PlayerAgentResponse], description: 'the property’s agents, in order; none for mls' })
  agents!: PlayerAgentResponse[];

  @ApiProperty({ type: () => PlayerProviderResponse })
  provider!: PlayerProviderResponse;

  @ApiProperty({ type: () => PlayerMapResponse })
  map!: PlayerMapResponse;

  @ApiProperty({
    type: [ModelCreditResponse],
    description: 'the published staging scene’s third-party models, each once',
  })
  modelCredits!: ModelCreditResponse[];

  @ApiProperty({
    description:
      'the tour has a published staging scene: the player loads `/vt_staging/{id}/scene.json` and shows its toggle',
  })
  virtualStaging!: boolean;

  @ApiProperty({
    type: () => SceneKeysResponse,
    nullable: true,
    description:
      'the model’s segmentation scene is ready: the player loads `/segmentation/segmented_panos.json` with these keys',
  })
  segmentation!: SceneKeysResponse | null;

  @ApiProperty({
    type: () => ExteriorResponse,
    nullable: true,
    description: 'the property’s digital twin, aligned and shown: the overlay’s exterior toggle places it',
  })
  exterior!: ExteriorResponse | null;

  @ApiProperty({
    type: () => ShowcaseSdkResponse,
    nullable: true,
    description: 'the Showcase SDK the player connects to the embed with; null: none configured',
  })
  showcaseSdk!: ShowcaseSdkResponse | null;

  @ApiProperty({
    type: () => LeadGateResponse,
    nullable: true,
    description:
      'the lead gate: after this many positions the player asks for the contact form before the rest; null: none, ' +
      'or this browser sent a lead from the tour in the last week',
  })
  leadGate!: LeadGateResponse | null;

  @ApiProperty({
    description:
      'a premium tour: the player shows the layers placed in the 3D space (tags, wayfinding, welcome screens, guided ' +
      'stops, audio) and loads each it has; false: a basic tour, the model under its overlay, whose tags.json and ' +
      'guided_tour.json answer no items',
  })
  premiumLayers!: boolean;
}

/** The temporary link of a lead: `?unlock=<pass>`. */
export class LeadUnlockQuery {
  @RequiredString(200)
  unlock!: string;
}

// The password gate: `{username, password}` as the provider set them (the password is not trimmed).

export class UnlockForm {
  @RequiredString(TOUR_LIMITS.username)
  username!: string;

  @ApiProperty({ type: String, maxLength: TOUR_LIMITS.passwordMax })
  @MaxLength(TOUR_LIMITS.passwordMax, { message: `must be at most ${TOUR_LIMITS.passwordMax} characters` })
  @IsNotEmpty({ message: MESSAGES.required })
  @IsString({ message: MESSAGES.required })
  password!: string;
}

// The layers' lists: tags and guided tour stops, paged, searched and filtered.

export class PlayerListQuery extends PageQuery {
  @OptionalString(200)
  search?: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'filters[<name>]=<value>',
  })
  @IsOptional()
  @IsObject({ message: 'must be filters[<name>]=<value>' })
  filters?: Record<string, string>;
}

/** A tag the visitor may open: placed in the space (or not yet: listed only), with its media. */
export class PlayerTagResponse extends CustomTagResponse {}

/** `?tour=<public id>`: whose billboards. */
export class BillboardAssetsQuery {
  @ApiProperty({ description: 'the tour’s public id: `{client_slug}~{model_slug}`' })
  @RequiredString(200)
  tour!: string;
}

/** A stop of the guided tour: where it stands and looks, what it says, its narration. */
export class GuidedTourStopResponse extends GuidedStopResponse {}

export class GuidedTourPageResponse {
  @ApiProperty({ type: () => GuidedTourLayerResponse, description: 'the published guided tour layer' })
  guidedTourLayer!: GuidedTourLayerResponse;

  @ApiProperty({ type: [GuidedTourStopResponse] })
  items!: GuidedTourStopResponse[];

  @ApiProperty()
  currentPage!: number;

  @ApiProperty()
  totalPages!: number;

  @ApiProperty()
  totalCount!: number;
}

/** A billboard's picture: a rich_billboard tag's photo, by the tag's id. */
export class BillboardAssetResponse {
  @ApiProperty({ format: 'uuid', description: 'the tag’s id' })
  id!: string;

  @ApiProperty({ description: 'the picture (presigned, for a while)' })
  url!: string;
}

// Segmentation: a scene per scanned model, keyed by its Matterport key and Matterport model id.

const MODEL_KEY = /^[A-Za-z0-9_-]{1,64}$/;
const NOT_A_MODEL_KEY = 'is not a Matterport model id';

export class SceneKeys {
  @Matches(MODEL_KEY, { message: NOT_A_MODEL_KEY })
  @RequiredString(64)
  matterportKey!: string;

  @Matches(MODEL_KEY, { message: NOT_A_MODEL_KEY })
  @RequiredString(64)
  mpModelId!: string;
}

export class ExteriorResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ description: 'the model’s name' })
  name!: string;

  @ApiProperty({ description: 'the GLB (presigned, for a while)' })
  url!: string;

  @ApiProperty({ type: () => TransformResponse })
  transform!: TransformResponse;
}

export class SceneKeysResponse {
  @ApiProperty()
  matterportKey!: string;

  @ApiProperty()
  mpModelId!: string;
}

export class CreateScene {
  @Nested(() => SceneKeys)
  scene!: SceneKeys;
}

export class SegmentedPanoResponse {
  @ApiProperty({ description: 'the panorama (the scan position’s sweep id)' })
  id!: string;

  @ApiProperty({
    description:
      'the mask (presigned, for a while): a grey PNG a quarter of the panorama’s size, each pixel its segment’s value',
  })
  url!: string;

  @ApiProperty({ type: String, nullable: true, description: 'the room the panorama stands in' })
  room!: string | null;

  @ApiProperty({ description: 'the panorama’s width in pixels (twice its height)' })
  width!: number;

  @ApiProperty()
  height!: number;

  @ApiProperty({ type: [SegmentResponse], description: 'what the engine named in it, the largest first' })
  segments!: SegmentResponse[];

  @ApiProperty({ description: 'no furniture found: a room virtual staging can furnish' })
  emptyRoom!: boolean;
}

export class SegmentationSceneResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  matterportKey!: string;

  @ApiProperty()
  mpModelId!: string;

  @ApiProperty({ enum: ['pending', 'ready'], description: 'pending until a segmentation has run' })
  status!: 'pending' | 'ready';

  @ApiProperty({ type: [SegmentedPanoResponse] })
  panos!: SegmentedPanoResponse[];

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}

export class SegmentedPanosResponse {
  @ApiProperty({ type: [SegmentedPanoResponse] })
  panos!: SegmentedPanoResponse[];
}

/** What a visitor of a tour paused for an unpaid hosting fee is told: how to reach the provider. */
export class PausedTourResponse {
  @ApiProperty({ description: 'the public id: `{client_slug}~{model_slug}`' })
  id!: string;

  @ApiProperty({ example: 'This tour is paused.' })
  message!: string;

  @ApiProperty({ description: 'the tour’s language, until the visitor picks one', example: 'en' })
  language!: string;

  @ApiProperty({ type: () => PlayerProviderResponse })
  provider!: PlayerProviderResponse;

  @ApiProperty({ type: [PlayerAgentResponse], description: 'the property’s agents, in order' })
  agents!: PlayerAgentResponse[];
}
