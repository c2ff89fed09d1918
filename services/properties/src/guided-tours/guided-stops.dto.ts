import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';
import { Nested, OptionalString, RequiredString, UUID_PATTERN } from '@tourly/platform';
import { AudioRefResponse, Bounded, NestedListOrNone } from '../audio-tours/audio-tours.dto';
import { AUDIO_MESSAGES } from '../audio-tours/audio-tours.rules';
import { GUIDED_LIMITS, GUIDED_MESSAGES } from './guided-stops.rules';

// The guided tour's stops: `{"guided_tour_layer": {"stops": [...]}}`, the whole list in its order.

export class StopRotationForm {
  @Bounded(-90, 90, { description: 'the pitch, degrees' })
  x!: number;

  @Bounded(-360, 360, { description: 'the yaw, degrees' })
  y!: number;
}

export class GuidedStopForm {
  @RequiredString(GUIDED_LIMITS.sweepId)
  @Matches(/^[A-Za-z0-9_-]+$/, { message: GUIDED_MESSAGES.notASweep })
  @ApiProperty({ description: 'the sweep (scan position) the stop stands at' })
  sweepId!: string;

  @Nested(() => StopRotationForm)
  rotation!: StopRotationForm;

  @RequiredString(GUIDED_LIMITS.title)
  title!: string;

  @OptionalString(GUIDED_LIMITS.text)
  text?: string | null;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'its narration; null: none',
  })
  @IsOptional()
  @Matches(UUID_PATTERN, { message: AUDIO_MESSAGES.notYourAudioFile })
  audioFileId?: string | null;
}

export class GuidedStopsForm {
  @NestedListOrNone(() => GuidedStopForm, GUIDED_LIMITS.stops)
  stops!: GuidedStopForm[];
}
export class SaveGuidedStops {
  @Nested(() => GuidedStopsForm)
  guidedTourLayer!: GuidedStopsForm;
}

// Answers.

export class StopRotationResponse {
  @ApiProperty()
  x!: number;

  @ApiProperty()
  y!: number;
}

export class GuidedStopResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  sweepId!: string;

  @ApiProperty({ type: () => StopRotationResponse })
  rotation!: StopRotationResponse;

  @ApiProperty()
  title!: string;

  @ApiProperty({ description: 'empty: none' })
  text!: string;

  @ApiProperty({ type: () => AudioRefResponse, nullable: true, description: 'its narration' })
  audioFile!: AudioRefResponse | null;
}

export class GuidedStopsResponse {
  @ApiProperty({ type: [GuidedStopResponse], description: 'in the order the tour plays them' })
  stops!: GuidedStopResponse[];
}
