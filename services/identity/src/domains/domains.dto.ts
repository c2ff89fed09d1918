import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { MESSAGES } from '@tourly/contracts';
import { IdParam, Nested, OptionalOneOf, OptionalString, PageQuery } from '@tourly/platform';
import { ProviderRef } from '../accounts/accounts.dto';

export const DOMAIN_STATUSES = ['pending', 'active', 'failed'] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

/** A domain's id in a path: not a UUID is "not found" too. */
export const domainId = IdParam('White-label domain not found');

export class DomainName {
  @ApiProperty({ example: 'tours.harbour-photography.com', description: 'a host name the provider controls' })
  @Transform(({ value }) =>
    typeof value === 'string' ? value.trim().toLowerCase().replace(/\.$/, '') : value,
  )
  @Matches(/^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, {
    message: 'is not a domain name (for example tours.your-agency.com)',
  })
  @MaxLength(253, { message: 'must be at most 253 characters' })
  @IsString({ message: MESSAGES.required })
  @IsNotEmpty({ message: MESSAGES.required })
  subdomain!: string;
}

/** `{"whitelabeled_domain": {"subdomain"}}`, as the admin console sends it (002 §7). */
export class RequestDomain {
  @Nested(() => DomainName)
  whitelabeledDomain!: DomainName;
}

export class DomainDecision {
  @ApiProperty({ enum: ['active', 'failed'] })
  @IsIn(['active', 'failed'], { message: 'must be active or failed' })
  status!: 'active' | 'failed';

  @ApiPropertyOptional({ description: 'why it failed, shown to the provider' })
  @IsOptional()
  @IsString({ message: 'must be text' })
  @MaxLength(500, { message: 'must be at most 500 characters' })
  failureReason?: string;
}

/** `{"whitelabeled_domain": {"status", "failure_reason"}}`: a virtual assistant's verdict. */
export class DecideDomain {
  @Nested(() => DomainDecision)
  whitelabeledDomain!: DomainDecision;
}

export class DomainsQuery extends PageQuery {
  @OptionalOneOf(DOMAIN_STATUSES)
  status?: DomainStatus;

  @OptionalString(120)
  search?: string;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID('all', { message: 'is not a provider id' })
  providerId?: string;
}

/** A provider's white-label domain as its settings show it. */
export class DomainStateResponse {
  @ApiProperty({ type: String, nullable: true })
  subdomain!: string | null;

  @ApiProperty({
    enum: ['unset', ...DOMAIN_STATUSES, 'paused'],
    description:
      'unset: none requested; pending: "In Progress"; active: "Active"; failed: see failure_reason; paused: set up, but the plan no longer includes a white-label domain (it serves nothing until it does again)',
  })
  status!: 'unset' | DomainStatus | 'paused';

  @ApiProperty({ type: String, nullable: true })
  failureReason!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  requestedAt!: string | null;
}

/** A domain in the back office's lists. */
export class DomainResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ type: () => ProviderRef })
  provider!: ProviderRef;

  @ApiProperty()
  subdomain!: string;

  @ApiProperty({ enum: DOMAIN_STATUSES })
  status!: DomainStatus;

  @ApiProperty({ type: String, nullable: true })
  failureReason!: string | null;

  @ApiProperty({ format: 'date-time' })
  requestedAt!: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}
