import { Module } from '@nestjs/common';
import { MembershipsRepository } from './memberships.repository';
import { ProvidersRepository } from './providers.repository';
import { UsersRepository } from './users.repository';

/** The account tables every feature reads: users, providers and memberships, one repository each. */
@Module({
  providers: [UsersRepository, ProvidersRepository, MembershipsRepository],
  exports: [UsersRepository, ProvidersRepository, MembershipsRepository],
})
export class AccountsModule {}
