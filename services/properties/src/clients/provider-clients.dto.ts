import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';
import { OptionalString, PageQuery } from '@tourly/platform';
import { NOT_A_PROVIDER_ID } from '../properties/properties.dto';

/** `GET /admin/provider_clients.json`: one provider's clients, or every provider's, searched by name. */
export class ProviderClientsQuery extends PageQuery {
  @OptionalString(200)
  search?: string;

  @ApiPropertyOptional({ format: 'uuid', description: "unset: every provider's" })
  @IsOptional()
  @IsUUID('all', { message: NOT_A_PROVIDER_ID })
  providerId?: string;
}

/**
 * A provider's client (001 "provider clients" picker: id, name). Provider clients are not built yet (none is
 * stored): the shape grows with the clients issue.
 */
export class ProviderClientResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ format: 'uuid' })
  providerId!: string;
}
