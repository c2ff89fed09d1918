import { ApiProperty } from '@nestjs/swagger';
import { IsObject } from 'class-validator';
import { ONBOARDING_FLAGS, MESSAGES, type OnboardingFlag } from '@tourly/contracts';
import { RequiredOneOf } from '@tourly/platform';

export class VisibilityQuery {
  @RequiredOneOf(ONBOARDING_FLAGS)
  check!: OnboardingFlag;
}

/** `{"onboarding": {"<flag>": "<ISO time>"}}`: flags and times are checked by the service, per flag. */
export class UpdateOnboarding {
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string', format: 'date-time' },
    description: `flags: ${ONBOARDING_FLAGS.join(', ')}`,
  })
  @IsObject({ message: MESSAGES.required })
  onboarding!: Record<string, unknown>;
}

export class VisibilityResponse {
  @ApiProperty({ enum: ONBOARDING_FLAGS })
  check!: OnboardingFlag;

  @ApiProperty({ description: 'the hint shows until its flag is recorded' })
  visible!: boolean;
}

const FLAG_TIME = { type: String, format: 'date-time', nullable: true, description: 'when it was recorded' };

/** Every flag, with when the user recorded it (null: not yet); the flags' names are the wire's. */
export class OnboardingInfoResponse implements Record<OnboardingFlag, string | null> {
  @ApiProperty(FLAG_TIME)
  vt_staging_start!: string | null;

  @ApiProperty(FLAG_TIME)
  dtx_experience!: string | null;

  @ApiProperty(FLAG_TIME)
  custom_tags_start!: string | null;

  @ApiProperty(FLAG_TIME)
  spatial_audio_start!: string | null;

  @ApiProperty(FLAG_TIME)
  global_lighting!: string | null;

  @ApiProperty(FLAG_TIME)
  cs_overlay!: string | null;

  @ApiProperty(FLAG_TIME)
  overlay_template!: string | null;

  @ApiProperty(FLAG_TIME)
  wayfinding_start!: string | null;
}
