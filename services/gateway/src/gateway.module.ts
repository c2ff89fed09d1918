import { Module } from '@nestjs/common';
import { ApiDocsController } from './docs/api-docs.controller';

@Module({ controllers: [ApiDocsController] })
export class GatewayModule {}
