import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, Matches, ValidateIf } from 'class-validator';
import { MESSAGES } from '@tourly/contracts';
import { Nested, OptionalString, RequiredOneOf, RequiredString, UUID_PATTERN } from '@tourly/platform';
import { ObjectList } from '../wayfinding/wayfinding.dto';
import {
  WELCOME_SCREEN_LIMITS,
  WELCOME_SCREEN_MEDIA_SIZES,
  WELCOME_SCREEN_MEDIA_TYPES,
  type WelcomeScreenMediaSize,
  type WelcomeScreenMediaType,
} from './welcome-screens.rules';

export const WELCOME_SCREEN_MESSAGES = { notAFile: 'is not an upload id' } as const;

export class WelcomeScreenMediaForm {
  @RequiredOneOf(WELCOME_SCREEN_MEDIA_TYPES)
  type!: WelcomeScreenMediaType;

  @RequiredOneOf(WELCOME_SCREEN_MEDIA_SIZES)
  size!: WelcomeScreenMediaSize;

  /**
   * A photo's or a video's file: a temporary upload of the caller's waiting to be used (`/s3/params` or
   * `temporary_uploads.json`), or the id of the file the screen shows already. Ignored for `no_media`.
   */
  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  @ValidateIf(
    (object: { type?: unknown }, value) =>
      object.type === 'photo' || object.type === 'video' || (value !== null && value !== undefined),
  )
  @IsDefined({ message: MESSAGES.required })
  @Matches(UUID_PATTERN, { message: WELCOME_SCREEN_MESSAGES.notAFile })
  fileId!: string | null;
}

export class WelcomeScreenItemForm {
  @RequiredString(WELCOME_SCREEN_LIMITS.title)
  title!: string;

  /** May be left out or empty: a screen with a title and a picture only. */
  @OptionalString(WELCOME_SCREEN_LIMITS.text, { nullable: false })
  text?: string;

  /** Empty: the player's own words (Next, or Start the tour on the last screen). */
  @OptionalString(WELCOME_SCREEN_LIMITS.buttonLabel, { nullable: false })
  buttonLabel?: string;

  @Nested(() => WelcomeScreenMediaForm)
  media!: WelcomeScreenMediaForm;
}

export class UpdateWelcomeScreens {
  /** The whole sequence, in the order shown: at most 5 screens; empty: none. */
  @ObjectList(() => WelcomeScreenItemForm, WELCOME_SCREEN_LIMITS.screens)
  welcomeScreens!: WelcomeScreenItemForm[];
}

// Answers.

export class WelcomeScreenMediaResponse {
  @ApiProperty({ enum: WELCOME_SCREEN_MEDIA_TYPES })
  type!: WelcomeScreenMediaType;

  @ApiProperty({ enum: WELCOME_SCREEN_MEDIA_SIZES })
  size!: WelcomeScreenMediaSize;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  fileId!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'a signed link to the file, for a while' })
  url!: string | null;

  @ApiProperty({ type: String, nullable: true })
  contentType!: string | null;
}

export class WelcomeSequenceScreenResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  title!: string;

  @ApiProperty()
  text!: string;

  @ApiProperty({ description: 'empty: the player says Next, or Start the tour on the last screen' })
  buttonLabel!: string;

  @ApiProperty({ type: () => WelcomeScreenMediaResponse })
  media!: WelcomeScreenMediaResponse;
}

export class WelcomeScreensAnswer {
  @ApiProperty({ type: () => [WelcomeSequenceScreenResponse] })
  welcomeScreens!: WelcomeSequenceScreenResponse[];
}
