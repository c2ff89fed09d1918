import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray } from 'class-validator';
import { UUID_PATTERN } from '@tourly/platform';

const MAX_USER_IDS = 200;

/** `?user_ids=a,b` (or `user_ids[]=`): whose pictures; anything that is not a user id is left out, never an error. */
export class AvatarsQuery {
  @ApiProperty({ type: [String], format: 'uuid', required: false, description: 'comma-separated user ids' })
  @Transform(({ value }) =>
    (Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [])
      .map((id: unknown) => String(id).trim())
      .filter((id: string) => UUID_PATTERN.test(id)),
  )
  @IsArray()
  @ArrayMaxSize(MAX_USER_IDS, { message: `must list at most ${MAX_USER_IDS}` })
  userIds: string[] = [];
}

/** A person's own picture: its small square thumbnail (presigned, for a while), or null when they have none. */
export class AvatarResponse {
  @ApiProperty({ type: String, nullable: true })
  avatarUrl!: string | null;
}

export class UserAvatarResponse {
  @ApiProperty({ format: 'uuid' })
  userId!: string;

  @ApiProperty({ description: "the picture's small square thumbnail (presigned, for a while)" })
  avatarUrl!: string;
}
