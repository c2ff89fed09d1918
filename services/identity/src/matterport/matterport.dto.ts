import { ApiProperty } from '@nestjs/swagger';
import { MATTERPORT_CONNECTION_STATUSES, type MatterportConnectionStatus } from '@tourly/contracts';
import { OptionalOneOf, OptionalString } from '@tourly/platform';

/**
 * What Matterport sends the browser back with (RFC 6749 §4.1.2): `code` and `state`, or `error` (with
 * `error_description`) and `state`. Anything else it adds is ignored.
 */
export class CallbackQuery {
  @OptionalString(2000)
  code?: string;

  @OptionalString(2000)
  state?: string;

  @OptionalString(200)
  error?: string;

  @OptionalString(2000)
  errorDescription?: string;
}

/** 002 §7 names `skip_last_prompt_check`; the prompt has no "shown lately" rule here, so it changes nothing. */
export class SwitchPromptQuery {
  @OptionalOneOf(['true', 'false'])
  skipLastPromptCheck?: 'true' | 'false';
}

export class AuthUrlResponse {
  @ApiProperty({
    description:
      'Matterport’s authorisation page for this attempt (code flow with PKCE S256, a fresh state): open it in the browser',
    example:
      'https://authn.matterport.com/oauth/authorize?response_type=code&client_id=…&redirect_uri=…&scope=ViewDetails&state=…&code_challenge=…&code_challenge_method=S256',
  })
  url!: string;
}

export class ConnectionResponse {
  @ApiProperty({ enum: MATTERPORT_CONNECTION_STATUSES })
  status!: MatterportConnectionStatus;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'the Matterport account’s name, when Matterport tells it',
  })
  accountName!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  connectedAt!: Date | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'why the connection is broken and what to do (status broken only)',
    example: 'Matterport refused to renew access: connect again from Settings.',
  })
  brokenReason!: string | null;
}

export class SwitchPromptResponse {
  @ApiProperty({
    description: 'whether to show the prompt to connect the provider’s own Matterport account',
  })
  show!: boolean;
}
