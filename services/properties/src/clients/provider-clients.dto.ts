import { ApiProperty } from '@nestjs/swagger';

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
