import { ApiProperty } from '@nestjs/swagger';
import { IsObject } from 'class-validator';
import { ONBOARDING_FLAGS, MESSAGES } from '@tourly/contracts';
import { RequiredOneOf } from '@tourly/platform';

export class VisibilityQuery {
  @RequiredOneOf(ONBOARDING_FLAGS)
  check!: (typeof ONBOARDING_FLAGS)[number];
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
