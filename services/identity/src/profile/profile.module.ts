import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { ProfileController } from './profile.controller';
import { ProfileService } from './profile.service';

@Module({
  imports: [AccountsModule],
  controllers: [ProfileController],
  providers: [ProfileService],
})
export class ProfileModule {}
