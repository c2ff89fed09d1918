import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { PermissionsModule } from '../permissions/permissions.module';
import { PeopleListener } from './people.listener';
import { PeopleService } from './people.service';

@Module({
  imports: [AccountsModule, PermissionsModule],
  controllers: [PeopleListener],
  providers: [PeopleService],
})
export class PeopleModule {}
