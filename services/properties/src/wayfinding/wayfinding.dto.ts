import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsDefined,
  IsNumber,
  IsObject,
  IsString,
  Matches,
  Max,
  Min,
  ValidateBy,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { MESSAGES } from '@tourly/contracts';
import { Nested, RequiredString } from '@tourly/platform';
import { WAYFINDING_LIMITS, WAYFINDING_MESSAGES, duplicateIds } from './wayfinding.rules';

/**
 * An id the editor chooses (unique within its list): 1 to 40 characters without spaces. Shared with the welcome
 * screens.
 */
export const ItemId = () =>
  applyDecorators(
    ApiProperty({ type: String, maxLength: 40, description: 'chosen by the editor, unique within its list' }),
    IsDefined({ message: MESSAGES.required }),
    IsString({ message: MESSAGES.required }),
    Matches(/^\S{1,40}$/, { message: WAYFINDING_MESSAGES.badId }),
  );

/**
 * A list of objects, each validated by its class, at most `max`, possibly empty; its items' ids must differ. Shared
 * with the welcome screens.
 */
export const ObjectList = (type: () => Function, max: number) =>
  applyDecorators(
    ApiProperty({ type: () => [type()], maxItems: max }),
    IsDefined({ message: MESSAGES.required }),
    IsArray({ message: 'must be a list' }),
    ArrayMaxSize(max, { message: `must list at most ${max}` }),
    IsObject({ each: true, message: 'must list objects' }),
    ValidateBy({
      name: 'uniqueIds',
      validator: {
        validate: (value: unknown) => !Array.isArray(value) || duplicateIds(value).length === 0,
        defaultMessage: () => WAYFINDING_MESSAGES.duplicateId,
      },
    }),
    ValidateNested({ each: true }),
    Type(type),
  );

const Degrees = (min: number, max: number) =>
  applyDecorators(
    ApiProperty({ type: Number, minimum: min, maximum: max }),
    IsDefined({ message: MESSAGES.required }),
    IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'must be a number' }),
    Min(min, { message: `must be at least ${min}` }),
    Max(max, { message: `must be at most ${max}` }),
  );

/** Where the camera looks on arriving, in degrees: x the pitch, y the yaw (the SDK's Camera.pose.rotation). */
export class WayfindingRotationForm {
  @Degrees(-90, 90)
  x!: number;

  @Degrees(-360, 360)
  y!: number;
}

export class WayfindingPointForm {
  @ItemId()
  id!: string;

  @RequiredString(WAYFINDING_LIMITS.name)
  name!: string;

  /** A sweep of the space (Matterport's sweep id). */
  @ApiProperty({ type: String, maxLength: 64 })
  @IsDefined({ message: MESSAGES.required })
  @IsString({ message: MESSAGES.required })
  @Matches(/^[\w-]{1,64}$/, { message: WAYFINDING_MESSAGES.badSweep })
  sweep!: string;

  /** null: the visitor keeps looking where they looked. */
  @ApiProperty({ type: () => WayfindingRotationForm, nullable: true })
  @ValidateIf((_object, value) => value !== null && value !== undefined)
  @Nested(() => WayfindingRotationForm)
  rotation!: WayfindingRotationForm | null;
}

/** A journey from one point to another: the player finds the way over the space's sweeps. */
export class WayfindingJourneyForm {
  @ItemId()
  id!: string;

  @RequiredString(WAYFINDING_LIMITS.name)
  name!: string;

  @ApiProperty({ type: String, description: 'a point id of the same layer' })
  @IsDefined({ message: MESSAGES.required })
  @IsString({ message: MESSAGES.required })
  from!: string;

  @ApiProperty({ type: String, description: 'a point id of the same layer, not `from`' })
  @IsDefined({ message: MESSAGES.required })
  @IsString({ message: MESSAGES.required })
  @ValidateBy({
    name: 'notTheStart',
    validator: {
      validate: (value: unknown, args) => value !== (args?.object as { from?: unknown }).from,
      defaultMessage: () => WAYFINDING_MESSAGES.sameEnds,
    },
  })
  to!: string;
}

export class WayfindingLayerForm {
  @ObjectList(() => WayfindingPointForm, WAYFINDING_LIMITS.points)
  points!: WayfindingPointForm[];

  @ObjectList(() => WayfindingJourneyForm, WAYFINDING_LIMITS.journeys)
  journeys!: WayfindingJourneyForm[];
}

export class UpdateWayfindingLayer {
  @Nested(() => WayfindingLayerForm)
  wayfindingLayer!: WayfindingLayerForm;
}

// Answers.

export class WayfindingRotationResponse {
  @ApiProperty()
  x!: number;

  @ApiProperty()
  y!: number;
}

export class WayfindingPointResponse {
  @ApiProperty()
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty()
  sweep!: string;

  @ApiProperty({ type: () => WayfindingRotationResponse, nullable: true })
  rotation!: WayfindingRotationResponse | null;
}

export class WayfindingJourneyResponse {
  @ApiProperty()
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ description: 'the id of the point it starts at' })
  from!: string;

  @ApiProperty({ description: 'the id of the point it ends at' })
  to!: string;
}

export class WayfindingLayerResponse {
  @ApiProperty({ type: () => [WayfindingPointResponse] })
  points!: WayfindingPointResponse[];

  @ApiProperty({ type: () => [WayfindingJourneyResponse] })
  journeys!: WayfindingJourneyResponse[];
}

export class WayfindingLayerAnswer {
  @ApiProperty({ type: () => WayfindingLayerResponse })
  wayfindingLayer!: WayfindingLayerResponse;
}
