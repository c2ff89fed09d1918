import { Module } from '@nestjs/common';
import { PropertiesDataModule } from '../properties/properties-data.module';
import { StagingModule } from '../staging/staging.module';
import { DigitalTwinController, DigitalTwinsAdminController } from './digital-twin.controller';
import { DigitalTwinService } from './digital-twin.service';
import { DigitalTwinsRepository } from './digital-twins.repository';

/** Issue 37, digital twins: a property's exterior model, aligned to its scan by pairs of points. */
@Module({
  imports: [PropertiesDataModule, StagingModule],
  controllers: [DigitalTwinController, DigitalTwinsAdminController],
  providers: [DigitalTwinService, DigitalTwinsRepository],
  exports: [DigitalTwinService],
})
export class DigitalTwinModule {}
