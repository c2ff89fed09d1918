import { Module } from '@nestjs/common';
import { AudioToursModule } from '../audio-tours/audio-tours.module';
import { PropertiesDataModule } from '../properties/properties-data.module';
import { GuidedStopsController } from './guided-stops.controller';
import { GuidedStopsRepository } from './guided-stops.repository';
import { GuidedStopsService } from './guided-stops.service';

/** The guided tour's stops (issue 34); the player's `guided_tour.json` serves them to visitors. */
@Module({
  imports: [PropertiesDataModule, AudioToursModule],
  controllers: [GuidedStopsController],
  providers: [GuidedStopsService, GuidedStopsRepository],
  exports: [GuidedStopsService],
})
export class GuidedToursModule {}
