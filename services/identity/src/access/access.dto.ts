import { IsUUID } from 'class-validator';
import { ApiProperty } from '@nestjs/swagger';

import { OptionalString, PageQuery } from '@tourly/platform';

export class AvailableProvidersQuery extends PageQuery {
  @OptionalString(120)
  search?: string;
}

export class ChangeCurrentProvider {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'is not a provider id' })
  providerId!: string;
}
