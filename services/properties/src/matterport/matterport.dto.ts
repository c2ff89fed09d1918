import { ApiProperty } from '@nestjs/swagger';
import { MATTERPORT_CONNECTION_STATUSES, type MatterportConnectionStatus } from '@tourly/contracts';
import { OptionalString, QueryInt, RequiredString } from '@tourly/platform';
import { MatterportSpaceResponse } from '../properties/properties.dto';
import { MATTERPORT_MAX_PAGE_SIZE, MATTERPORT_VISIBILITIES, type MatterportVisibility } from './matterport';

/** `GET /provider/matterport_api/models`: Matterport's own search and paging (an opaque `offset` it hands out). */
export class MatterportModelsQuery {
  @OptionalString(200)
  query?: string;

  /** `next_offset` of the page before; none for the first page. */
  @OptionalString(200)
  offset?: string;

  @QueryInt({ min: 1, max: MATTERPORT_MAX_PAGE_SIZE, description: 'models per page (at most 100)' })
  limit = 50;
}

/** One model of the provider's account: its id, or a link to it (001 §5). */
export class MatterportKeyQuery {
  @RequiredString(2000)
  matterportKey!: string;
}

export class MatterportModelsResponse {
  @ApiProperty({
    enum: MATTERPORT_CONNECTION_STATUSES,
    description:
      'which account was read: none (not_connected, broken), the provider’s own, or the platform’s',
  })
  connection!: MatterportConnectionStatus;

  @ApiProperty({ description: 'models matching the search in the whole account' })
  totalResults!: number;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'the next page’s `offset`; null on the last page',
  })
  nextOffset!: string | null;

  @ApiProperty({ type: [MatterportSpaceResponse] })
  results!: MatterportSpaceResponse[];
}

export class MatterportInfoResponse extends MatterportSpaceResponse {
  @ApiProperty({ enum: MATTERPORT_VISIBILITIES, description: 'who may open the model on Matterport' })
  visibility!: MatterportVisibility;
}

export class MatterportFloorResponse {
  @ApiProperty()
  id!: string;

  @ApiProperty({ type: String, nullable: true })
  label!: string | null;
}

export class MatterportRoomResponse {
  @ApiProperty()
  id!: string;

  @ApiProperty({ type: String, nullable: true, example: 'Kitchen' })
  label!: string | null;

  @ApiProperty({ type: MatterportFloorResponse, nullable: true })
  floor!: MatterportFloorResponse | null;
}

export class MatterportRoomsResponse {
  @ApiProperty({ description: 'the model id' })
  matterportKey!: string;

  @ApiProperty({ type: [MatterportRoomResponse] })
  rooms!: MatterportRoomResponse[];
}
