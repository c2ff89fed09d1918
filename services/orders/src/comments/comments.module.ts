import { Module } from '@nestjs/common';
import { OrdersFeatureModule } from '../orders/orders.module';
import { CommentsController } from './comments.controller';
import { CommentsRepository } from './comments.repository';
import { CommentsService } from './comments.service';

/** Comments on orders and their attachments. */
@Module({
  imports: [OrdersFeatureModule],
  controllers: [CommentsController],
  providers: [CommentsRepository, CommentsService],
})
export class CommentsModule {}
