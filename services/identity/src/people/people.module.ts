import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { PeopleListener } from './people.listener';
import { PeopleService } from './people.service';

@Module({ imports: [AccountsModule], controllers: [PeopleListener], providers: [PeopleService] })
export class PeopleModule {}
