import { Module } from '@nestjs/common';
import { PeopleController } from './people.controller';
import { ProviderSinceController } from './provider-since.controller';

@Module({ controllers: [PeopleController, ProviderSinceController] })
export class PeopleModule {}
