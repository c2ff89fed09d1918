import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsDefined,
  IsInt,
  IsObject,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  DIGITAL_TWIN_ALIGNMENTS,
  DIGITAL_TWIN_LIGHTINGS,
  DIGITAL_TWIN_MAX_FLOOR,
  MESSAGES,
  type DigitalTwinAlignment,
  type DigitalTwinLighting,
} from '@tourly/contracts';
import {
  Nested,
  OptionalString,
  PageQuery,
  RequiredFlag,
  RequiredOneOf,
  UUID_PATTERN,
} from '@tourly/platform';
import { Bounded } from '../audio-tours/audio-tours.dto';
import { VectorForm, VectorResponse } from '../custom-tags/custom-tags.dto';
import { AssetResponse } from '../staging/staging-assets.dto';
import { MAX_ALIGNMENT_PAIRS } from './alignment.rules';
import { DIGITAL_TWIN_MESSAGES } from './digital-twin.rules';

// Requests. A list's rules are applied in the order written (applyDecorators), so the first one broken answers.

const FloorList = () =>
  applyDecorators(
    ApiProperty({
      type: [Number],
      maxItems: DIGITAL_TWIN_MAX_FLOOR + 1,
      description: 'the scan’s floors (0 the lowest) on which the twin is hidden',
    }),
    IsDefined({ message: MESSAGES.required }),
    IsArray({ message: 'must be a list' }),
    ArrayMaxSize(DIGITAL_TWIN_MAX_FLOOR + 1, { message: `must list at most ${DIGITAL_TWIN_MAX_FLOOR + 1}` }),
    IsInt({ each: true, message: 'must list whole numbers' }),
    Min(0, { each: true, message: 'must list floors from 0' }),
    Max(DIGITAL_TWIN_MAX_FLOOR, { each: true, message: `must list floors up to ${DIGITAL_TWIN_MAX_FLOOR}` }),
    ArrayUnique({ message: 'must list each floor once' }),
  );

/** The pairs: how many is the alignment's to say (in words); here, a list of objects each checked by its class. */
const PairList = () =>
  applyDecorators(
    ApiProperty({ type: () => [AlignmentPairForm], maxItems: MAX_ALIGNMENT_PAIRS }),
    IsDefined({ message: MESSAGES.required }),
    IsArray({ message: 'must be a list' }),
    ArrayMaxSize(MAX_ALIGNMENT_PAIRS, { message: `must list at most ${MAX_ALIGNMENT_PAIRS}` }),
    IsObject({ each: true, message: 'must list objects' }),
    ValidateNested({ each: true }),
    Type(() => AlignmentPairForm),
  );

export class NewDigitalTwinForm {
  @ApiProperty({ format: 'uuid', description: 'a model (GLB) of the staging library the provider may use' })
  @IsDefined({ message: MESSAGES.required })
  @Matches(UUID_PATTERN, { message: DIGITAL_TWIN_MESSAGES.notYourAsset })
  assetId!: string;
}

/** `{"digital_twin": {asset_id}}`. */
export class CreateDigitalTwin {
  @Nested(() => NewDigitalTwinForm)
  digitalTwin!: NewDigitalTwinForm;
}

export class DigitalTwinConfigForm {
  @RequiredFlag({ description: 'shown to visitors once aligned (the overlay’s exterior toggle starts on)' })
  visible!: boolean;

  @Bounded(0, 1, { description: '0 invisible, 1 opaque' })
  opacity!: number;

  @RequiredOneOf(DIGITAL_TWIN_LIGHTINGS)
  lighting!: DigitalTwinLighting;

  @FloorList()
  hiddenFloors!: number[];
}

/** `{"config": {visible, opacity, lighting, hidden_floors}}`, the whole config. */
export class UpdateDigitalTwinConfig {
  @Nested(() => DigitalTwinConfigForm)
  config!: DigitalTwinConfigForm;
}

/** A pair of matching points, in metres within 10 km: where the provider clicked in the scan, and on the model. */
export class AlignmentPairForm {
  @Nested(() => VectorForm)
  scan!: VectorForm;

  @Nested(() => VectorForm)
  model!: VectorForm;
}

/** `{"alignmentPoints": [{scan: {x, y, z}, model: {x, y, z}}, ...]}` (002 §7: the key as the spec writes it). */
export class UpdateAlignment {
  @PairList()
  alignmentPoints!: AlignmentPairForm[];
}

export class DigitalTwinsQuery extends PageQuery {
  @OptionalString(200)
  search?: string;
}

// Answers.

export class DigitalTwinConfigResponse {
  @ApiProperty()
  visible!: boolean;

  @ApiProperty()
  opacity!: number;

  @ApiProperty({ enum: DIGITAL_TWIN_LIGHTINGS })
  lighting!: DigitalTwinLighting;

  @ApiProperty({ type: [Number] })
  hiddenFloors!: number[];
}

export class QuaternionResponse extends VectorResponse {
  @ApiProperty()
  w!: number;
}

export class TransformResponse {
  @ApiProperty({ description: 'model metres to scan metres' })
  scale!: number;

  @ApiProperty({ type: () => QuaternionResponse })
  quaternion!: QuaternionResponse;

  @ApiProperty({ type: () => VectorResponse })
  translation!: VectorResponse;
}

export class AlignmentPairResponse {
  @ApiProperty({ type: () => VectorResponse })
  scan!: VectorResponse;

  @ApiProperty({ type: () => VectorResponse })
  model!: VectorResponse;

  @ApiProperty({ description: 'metres between the scan point and where the fit puts the model point' })
  residual!: number;
}

export class DigitalTwinResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  propertyId!: string;

  @ApiProperty({ enum: DIGITAL_TWIN_ALIGNMENTS })
  alignment!: DigitalTwinAlignment;

  @ApiProperty({ type: () => AssetResponse, nullable: true, description: 'null once the asset is deleted' })
  asset!: AssetResponse | null;

  @ApiProperty({ type: () => DigitalTwinConfigResponse })
  config!: DigitalTwinConfigResponse;

  @ApiProperty({ type: () => TransformResponse, nullable: true, description: 'null until aligned once' })
  transform!: TransformResponse | null;

  @ApiProperty({ type: Number, nullable: true, description: 'metres, the last alignment’s root mean square' })
  rmsError!: number | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  alignedAt!: Date | null;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt!: Date;

  @ApiProperty({ type: String, format: 'date-time' })
  updatedAt!: Date;
}

export class DigitalTwinAnswer {
  @ApiProperty({ type: () => DigitalTwinResponse })
  digitalTwin!: DigitalTwinResponse;
}

export class DigitalTwinConfigAnswer {
  @ApiProperty({ type: () => DigitalTwinConfigResponse })
  config!: DigitalTwinConfigResponse;
}

export class AlignmentPointsAnswer {
  @ApiProperty({ type: () => [AlignmentPairResponse] })
  alignmentPoints!: AlignmentPairResponse[];

  @ApiProperty({ enum: DIGITAL_TWIN_ALIGNMENTS })
  alignment!: DigitalTwinAlignment;

  @ApiProperty({ type: Number, nullable: true, description: 'metres' })
  rmsError!: number | null;

  @ApiProperty({ description: 'metres: the root mean square a twin is aligned under' })
  maxError!: number;
}

export class AdminDigitalTwinResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  propertyId!: string;

  @ApiProperty({ format: 'uuid' })
  providerId!: string;

  @ApiProperty()
  propertyTitle!: string;

  @ApiProperty({ format: 'uuid' })
  assetId!: string;

  @ApiProperty({ type: String, nullable: true, description: 'null once the asset is deleted' })
  assetName!: string | null;

  @ApiProperty({ enum: DIGITAL_TWIN_ALIGNMENTS })
  alignment!: DigitalTwinAlignment;

  @ApiProperty({ type: Number, nullable: true })
  rmsError!: number | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  alignedAt!: Date | null;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt!: Date;
}
