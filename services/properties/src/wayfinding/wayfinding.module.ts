import { Module } from '@nestjs/common';
import { PlayerModule } from '../player/player.module';
import { PropertiesDataModule } from '../properties/properties-data.module';
import { WayfindingPublicController } from './wayfinding-public.controller';
import { WayfindingController } from './wayfinding.controller';
import { WayfindingRepository } from './wayfinding.repository';
import { WayfindingService } from './wayfinding.service';

/** Issue 34, wayfinding: a property's points and journeys in its 3D space, and the visitor's copy of them. */
@Module({
  imports: [PropertiesDataModule, PlayerModule],
  controllers: [WayfindingController, WayfindingPublicController],
  providers: [WayfindingService, WayfindingRepository],
})
export class WayfindingModule {}
