import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';

export class StartImpersonation {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'is not a provider id' })
  providerId!: string;
}
