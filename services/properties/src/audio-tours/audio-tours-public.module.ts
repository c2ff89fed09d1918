import { Module } from '@nestjs/common';
import { PlayerModule } from '../player/player.module';
import { AudioToursPublicController } from './audio-tours-public.controller';
import { AudioToursModule } from './audio-tours.module';

/** The visitors' audio tour: apart, since it goes through the player's gate and the player reads guided stops. */
@Module({
  imports: [AudioToursModule, PlayerModule],
  controllers: [AudioToursPublicController],
})
export class AudioToursPublicModule {}
