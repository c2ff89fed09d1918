import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import { OptionalString, RequiredString } from '@tourly/platform';
import { ModelCreditResponse } from '../player/player.dto';
import { SKETCHFAB_UID } from './sketchfab.rules';

export const NOT_A_UID = 'is not a Sketchfab model uid (32 hexadecimal digits)';

// Requests.

/** `auth_url`'s property: the staging editor the provider comes back to once connected. */
export class AuthUrlQuery {
  /** Checked like a path's property id: another provider's, a deleted or a malformed one is a 404. */
  @RequiredString(100)
  propertyId!: string;
}

/** A model by its uid (002 §3 "Sketchfab download: uid"): the POST's body, the GET's query. */
export class SketchfabModelRef {
  // Checked bottom-up: Required first, then the form (a longer text is not a uid either, said so).
  @Matches(SKETCHFAB_UID, { message: NOT_A_UID })
  @RequiredString(100)
  uid!: string;
}

/**
 * What Sketchfab sends the browser back with (RFC 6749 §4.1.2): `code` and `state`, or `error` (with
 * `error_description`) and `state`. Anything else it adds is ignored.
 */
export class SketchfabCallbackQuery {
  @OptionalString(2000)
  code?: string;

  @OptionalString(2000)
  state?: string;

  @OptionalString(200)
  error?: string;

  @OptionalString(2000)
  errorDescription?: string;
}

// Answers.

export class AuthUrlResponse {
  @ApiProperty({
    description:
      'Sketchfab’s authorisation page for this attempt (code flow, a fresh state): open it in the browser; it comes ' +
      'back to the property’s staging editor',
    example:
      'https://sketchfab.com/oauth2/authorize/?response_type=code&client_id=…&redirect_uri=…&scope=read&state=…',
  })
  url!: string;
}

export class AccountExistsResponse {
  @ApiProperty({ description: 'whether the provider has a working Sketchfab connection' })
  exists!: boolean;

  @ApiProperty({ type: String, nullable: true, description: 'the Sketchfab account’s name, when connected' })
  accountName!: string | null;
}

/** A Sketchfab model as the import sees it: who made it, its licence, and whether it can be imported. */
export class SketchfabModelResponse {
  @ApiProperty()
  uid!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ description: 'whether its author offers it for download' })
  downloadable!: boolean;

  @ApiProperty({
    description: 'whether it can be imported: downloadable, under a licence that allows staging',
  })
  importable!: boolean;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'why it cannot be imported, as the import would answer it; null when it can',
  })
  refusal!: string | null;

  @ApiProperty({
    type: () => ModelCreditResponse,
    description: 'the credit the imported asset carries (002 §3), shown to visitors',
  })
  credit!: ModelCreditResponse;

  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'the provider’s asset imported from it already; null when not imported',
  })
  assetId!: string | null;
}

/** `search.json`'s query: the words Sketchfab searches for, and the page after the one a `next_cursor` came with. */
export class SketchfabSearchQuery {
  @RequiredString(100)
  q!: string;

  @OptionalString(200)
  cursor?: string;
}

/** A downloadable model a search found, as a card shows it, and whether it can be imported. */
export class SketchfabSearchResult {
  @ApiProperty()
  uid!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'a thumbnail up to 720 px wide, when it has any',
  })
  thumbnailUrl!: string | null;

  @ApiProperty({ description: 'the author’s name, as the credit would show it' })
  authorName!: string;

  @ApiProperty({ description: 'the licence’s name (“Unknown” when Sketchfab says none)' })
  licenseLabel!: string;

  @ApiProperty({ description: 'whether it can be imported: under a licence that allows staging' })
  importable!: boolean;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'why it cannot be imported, as the import would answer it; null when it can',
  })
  refusal!: string | null;
}

export class SketchfabSearchResponse {
  @ApiProperty({ type: () => SketchfabSearchResult, isArray: true })
  results!: SketchfabSearchResult[];

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'the next page: pass it as `cursor` with the same `q`; null on the last page',
  })
  nextCursor!: string | null;
}
