import { ApiProperty } from '@nestjs/swagger';
import {
  SEGMENT_KINDS,
  SEGMENTATION_JOB_STATUSES,
  type SegmentationJobStatus,
  type SegmentKind,
} from '@tourly/contracts';

export class SegmentResponse {
  @ApiProperty({ description: 'what the engine named, e.g. wall, window, sofa' })
  label!: string;

  @ApiProperty({ enum: SEGMENT_KINDS })
  kind!: SegmentKind;

  @ApiProperty({ description: 'its value in the mask' })
  value!: number;

  @ApiProperty({ description: 'its share of the picture, 0 to 1' })
  pixelShare!: number;

  @ApiProperty({ type: [Number], description: '[x, y, width, height] in the panorama’s pixels' })
  bbox!: number[];
}

export class SegmentationFailureResponse {
  @ApiProperty()
  panoId!: string;

  @ApiProperty({ type: String, nullable: true, description: 'the room the panorama stands in' })
  room!: string | null;

  @ApiProperty({ description: 'why it could not be segmented' })
  error!: string;
}

export class SegmentationJobResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ enum: SEGMENTATION_JOB_STATUSES })
  status!: SegmentationJobStatus;

  @ApiProperty({ description: 'panoramas in the job' })
  total!: number;

  @ApiProperty()
  segmented!: number;

  @ApiProperty()
  failed!: number;

  @ApiProperty({ type: [SegmentationFailureResponse], description: 'the first 50 failed panoramas and why' })
  failures!: SegmentationFailureResponse[];

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  finishedAt!: string | null;
}

export class SegmentationJobAnswer {
  @ApiProperty({ type: SegmentationJobResponse })
  segmentationJob!: SegmentationJobResponse;
}

export class SegmentationStatusResponse {
  @ApiProperty({ description: 'whether the platform has a segmentation engine' })
  available!: boolean;

  @ApiProperty({ type: SegmentationJobResponse, nullable: true, description: 'the latest job; null before the first' })
  job!: SegmentationJobResponse | null;
}

export class SegmentationStatusAnswer {
  @ApiProperty({ type: SegmentationStatusResponse })
  segmentation!: SegmentationStatusResponse;
}
