import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';
import { MESSAGES } from '@tourly/contracts';
import {
  IdField,
  Nested,
  OptionalFlag,
  OptionalString,
  PageQuery,
  RequiredString,
  TimeField,
  UUID_PATTERN,
} from '@tourly/platform';
import { ModelCreditResponse } from '../player/player.dto';
import { OptionalLink, RequiredLink } from '../tours/http-link';
import { ASSET_LOG_ACTIONS, type AssetLogAction } from './staging-assets.repository';
import { STAGING_LIMITS } from './staging-assets.rules';

/** The multipart field that carries the model; the form's other fields are `asset[name]`, `asset[category_id]`... */
export const MODEL_FIELD = 'asset[file]';

export const MODEL_FIELD_HELP =
  'One 3D model in glTF binary (GLB, checked by its content; at most 25 MB and 150,000 triangles), with the text ' +
  'fields asset[name], asset[category_id] and, for a third-party model, asset[credit][model][uid], ' +
  'asset[credit][model][name], asset[credit][model][thumbnail_url], asset[credit][user][name], ' +
  'asset[credit][user][profile_url], asset[credit][license][label], asset[credit][license][url].';

// Requests.

export class AssetsQuery extends PageQuery {
  @OptionalString(STAGING_LIMITS.search)
  search?: string;
}

/** The provider's library (002 §7): `search`, `filter` (a category's id), `page`, `property_id`. */
export class ProviderAssetsQuery extends AssetsQuery {
  @OptionalString(40)
  @ApiPropertyOptional({ description: "a category's id (`sofas`): that category only" })
  filter?: string;

  /** Checked like a path's property id: another provider's, a deleted or a malformed one is a 404. */
  @OptionalString(100)
  @ApiPropertyOptional({
    format: 'uuid',
    description: 'the property the library is opened for (the staging editor): it must be one of yours',
  })
  propertyId?: string;
}

export class AssetLogsQuery extends PageQuery {
  @ApiPropertyOptional({ format: 'uuid', description: "one asset's rows" })
  @IsOptional()
  @Matches(UUID_PATTERN, { message: 'is not an asset id' })
  assetId?: string;
}

export class CreditModelForm {
  @RequiredString(STAGING_LIMITS.creditText)
  uid!: string;

  @RequiredString(STAGING_LIMITS.creditText)
  name!: string;

  @OptionalLink()
  thumbnailUrl?: string | null;
}

export class CreditUserForm {
  @RequiredString(STAGING_LIMITS.creditText)
  name!: string;

  @RequiredLink()
  profileUrl!: string;
}

export class CreditLicenseForm {
  @RequiredString(STAGING_LIMITS.creditText)
  label!: string;

  @RequiredLink()
  url!: string;
}

/** A third-party model's credit (002 §3), shown to visitors in the player's credits modal. */
export class CreditForm {
  @Nested(() => CreditModelForm)
  model!: CreditModelForm;

  @Nested(() => CreditUserForm)
  user!: CreditUserForm;

  @Nested(() => CreditLicenseForm)
  license!: CreditLicenseForm;
}

/** The text fields of the upload form, beside `asset[file]`. */
export class NewAssetFields {
  @RequiredString(STAGING_LIMITS.name)
  name!: string;

  @RequiredString(40)
  categoryId!: string;

  @Nested(() => CreditForm, { optional: true })
  credit?: CreditForm;
}

export class NewAssetForm {
  @Nested(() => NewAssetFields)
  asset!: NewAssetFields;
}

/** PATCH: what changes (a field left out stays); `credit: null` removes the credit, `archived` hides or restores it. */
export class AssetChanges {
  @OptionalString(STAGING_LIMITS.name, { nullable: false })
  @Matches(/\S/, { message: MESSAGES.required })
  name?: string;

  @OptionalString(40, { nullable: false })
  @Matches(/\S/, { message: MESSAGES.required })
  categoryId?: string;

  @ApiPropertyOptional({ type: () => CreditForm, nullable: true })
  @Nested(() => CreditForm, { optional: true })
  credit?: CreditForm | null;

  @OptionalFlag({ description: 'true: out of the providers’ library (scenes keep it); false: back in' })
  archived?: boolean;
}

export class UpdateAsset {
  @Nested(() => AssetChanges)
  asset!: AssetChanges;
}

// Answers.

export class CategoryResponse {
  @ApiProperty({ description: 'the slug, e.g. sofas' })
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty()
  position!: number;
}

export class DimensionsResponse {
  @ApiProperty({ description: 'metres along x' })
  width!: number;

  @ApiProperty({ description: 'metres along y (up)' })
  height!: number;

  @ApiProperty({ description: 'metres along z' })
  depth!: number;
}

export class AssetResponse {
  @IdField()
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({
    enum: ['platform', 'provider'],
    description: "the platform's library, or the provider's own",
  })
  library!: 'platform' | 'provider';

  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'whose own asset; null: the platform’s',
  })
  providerId!: string | null;

  @ApiProperty({ type: () => CategoryResponse })
  category!: Omit<CategoryResponse, 'position'>;

  @ApiProperty({ description: 'the GLB, presigned for an hour' })
  url!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'its catalogue picture (WebP, 256 px square), presigned for an hour; null: none could be made',
  })
  thumbnailUrl!: string | null;

  @ApiProperty()
  filename!: string;

  @ApiProperty({ description: 'bytes' })
  size!: number;

  @ApiProperty()
  triangleCount!: number;

  @ApiProperty({ type: () => DimensionsResponse })
  dimensions!: DimensionsResponse;

  @ApiProperty({
    type: () => ModelCreditResponse,
    nullable: true,
    description: 'a third-party model’s credit (002 §3), as the player’s credits modal lists it',
  })
  credit!: ModelCreditResponse | null;

  @TimeField({ nullable: true })
  archivedAt!: Date | null;

  @TimeField()
  createdAt!: Date;

  @TimeField()
  updatedAt!: Date;
}

export class AssetLogResponse {
  @IdField()
  id!: string;

  @ApiProperty({ format: 'uuid' })
  assetId!: string;

  @ApiProperty({ description: 'the asset’s name when it was done' })
  assetName!: string;

  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'whose asset; null: the platform’s',
  })
  providerId!: string | null;

  @ApiProperty({ enum: ASSET_LOG_ACTIONS })
  action!: AssetLogAction;

  @ApiProperty({ format: 'uuid', description: 'who did it' })
  actorUserId!: string;

  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'the administrator impersonating',
  })
  impersonatorId!: string | null;

  @ApiProperty({
    type: 'object',
    nullable: true,
    properties: {
      before: { type: 'object', additionalProperties: true },
      after: { type: 'object', additionalProperties: true },
    },
    description: 'an update: the fields it changed, as they were (before) and became (after)',
  })
  changes!: { before: Record<string, unknown>; after: Record<string, unknown> } | null;

  @TimeField()
  createdAt!: Date;
}
