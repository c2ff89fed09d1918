import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { MESSAGES } from '@tourly/contracts';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsDefined,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { MAX_ROOM_PINS, NOT_A_FLOORPLAN } from './analytics-room-pins.rules';

// `PUT /provider/properties/{id}/analytics/room_pins`: where the provider placed each room on a floor-plan image.
// Each field's rules go through applyDecorators, in the order they are checked: class-validator stops at the first
// rule broken, and runs decorators stacked on a field from the bottom up.

const NO_CONTROL_CHARACTERS = /^[^\p{Cc}]*$/u;
const A_FRACTION = 'must be a number from 0 to 1';

/** A fraction of the image's width or height, from its top left corner. */
const Fraction = (description: string) =>
  applyDecorators(
    ApiProperty({ type: Number, minimum: 0, maximum: 1, description }),
    IsDefined({ message: MESSAGES.required }),
    IsNumber({ allowNaN: false, allowInfinity: false }, { message: A_FRACTION }),
    Min(0, { message: A_FRACTION }),
    Max(1, { message: A_FRACTION }),
  );

/** One of the property's floor-plan images (`GET .../floorplans`); a malformed id is no floor plan either. */
const FloorplanId = () =>
  applyDecorators(
    ApiProperty({ format: 'uuid' }),
    IsDefined({ message: MESSAGES.required }),
    IsUUID('all', { message: NOT_A_FLOORPLAN }),
  );

/** The room as the player reports it (the heat map's `places[].room`). */
const RoomName = () =>
  applyDecorators(
    ApiProperty({ type: String, minLength: 1, maxLength: 100 }),
    IsDefined({ message: MESSAGES.required }),
    IsString({ message: 'must be text' }),
    Length(1, 100, { message: 'must be 1 to 100 characters' }),
    Matches(NO_CONTROL_CHARACTERS, { message: 'must not hold control characters' }),
  );

/** The room's floor as the player reports it (from 0); null or left out for a room without one. */
const Floor = () =>
  applyDecorators(
    ApiProperty({ type: Number, nullable: true, minimum: 0, maximum: 99, required: false }),
    IsOptional(),
    IsInt({ message: 'must be a whole number' }),
    Min(0, { message: 'must be at least 0' }),
    Max(99, { message: 'must be at most 99' }),
  );

export class RoomPinForm {
  @RoomName()
  room!: string;

  @Floor()
  floor?: number | null;

  @FloorplanId()
  floorplanId!: string;

  @Fraction('from the left edge of the image (0) to its right edge (1)')
  x!: number;

  @Fraction('from the top edge of the image (0) to its bottom edge (1)')
  y!: number;
}

/** The whole list, replacing the property's pins: `NestedList` but for an empty list, which clears them. */
const PinList = () =>
  applyDecorators(
    ApiProperty({ type: () => [RoomPinForm], maxItems: MAX_ROOM_PINS }),
    IsDefined({ message: MESSAGES.required }),
    IsArray({ message: MESSAGES.required }),
    ArrayMaxSize(MAX_ROOM_PINS, { message: `must list at most ${MAX_ROOM_PINS}` }),
    IsObject({ each: true, message: 'must list objects' }),
    ValidateNested({ each: true }),
    Type(() => RoomPinForm),
  );

export class RoomPinsBody {
  @PinList()
  roomPins!: RoomPinForm[];
}

export class AnalyticsRoomPinResponse {
  @ApiProperty() room!: string;
  @ApiProperty({ type: Number, nullable: true }) floor!: number | null;
  @ApiProperty({ format: 'uuid' }) floorplanId!: string;
  @ApiProperty({ minimum: 0, maximum: 1 }) x!: number;
  @ApiProperty({ minimum: 0, maximum: 1 }) y!: number;
}
