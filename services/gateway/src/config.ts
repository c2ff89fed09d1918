import { IsInt, IsOptional, IsString, Matches, Min } from 'class-validator';
import { PlatformConfig } from '@tourly/platform';

const URL_RULE = /^https?:\/\/\S+$/;
const urlMessage = (name: string) =>
  `${name} is required: the base URL of that service, e.g. http://127.0.0.1:3001`;

export class GatewayConfig extends PlatformConfig {
  @Matches(URL_RULE, { message: urlMessage('IDENTITY_URL') })
  IDENTITY_URL!: string;

  @Matches(URL_RULE, { message: urlMessage('BILLING_URL') })
  BILLING_URL!: string;

  @Matches(URL_RULE, { message: urlMessage('PROPERTIES_URL') })
  PROPERTIES_URL!: string;

  @Matches(URL_RULE, { message: urlMessage('ORDERS_URL') })
  ORDERS_URL!: string;

  /** The built web app (web/dist); pages answer 503 with a hint when it has not been built. */
  @IsOptional()
  @IsString()
  WEB_DIST?: string;

  /** Requests per minute one client address may make to the credential endpoints (sign-in, tokens...). */
  @IsOptional()
  @Min(1, { message: 'CREDENTIAL_RATE_LIMIT must be at least 1' })
  @IsInt({ message: 'CREDENTIAL_RATE_LIMIT must be a whole number of requests per minute' })
  CREDENTIAL_RATE_LIMIT: number = 30;

  /** A service silent for this long (no response headers, or no bytes while streaming) is a 504. */
  @IsOptional()
  @Min(1000, { message: 'UPSTREAM_TIMEOUT_MS must be at least 1000' })
  @IsInt({ message: 'UPSTREAM_TIMEOUT_MS must be a whole number of milliseconds' })
  UPSTREAM_TIMEOUT_MS: number = 60_000;
}
