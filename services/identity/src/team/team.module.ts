import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { MailModule } from '../mail/mail.module';
import { SessionsModule } from '../sessions/sessions.module';
import { InvitationLinksController } from './invitation-links.controller';
import { InvitationsRepository } from './invitations.repository';
import { TeamController } from './team.controller';
import { TeamService } from './team.service';

@Module({
  imports: [AccountsModule, SessionsModule, MailModule],
  controllers: [TeamController, InvitationLinksController],
  providers: [TeamService, InvitationsRepository],
})
export class TeamModule {}
