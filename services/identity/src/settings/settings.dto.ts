import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { MESSAGES } from '@tourly/contracts';

export class ChangeSubdomain {
  @ApiProperty({ example: 'harbour-photography', description: 'lowercase letters, digits and hyphens' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @Matches(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/, {
    message: 'may contain only letters, digits and hyphens, and cannot start or end with a hyphen',
  })
  @MaxLength(63, { message: 'must be at most 63 characters' })
  @IsString({ message: MESSAGES.required })
  @IsNotEmpty({ message: MESSAGES.required })
  subdomain!: string;
}

export class ToggleAutoPopulateModels {
  @ApiProperty()
  @IsBoolean({ message: 'must be true or false' })
  autoPopulateModels!: boolean;
}
