import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { MailModule } from '../mail/mail.module';
import { PermissionsModule } from '../permissions/permissions.module';
import { SessionsModule } from '../sessions/sessions.module';
import { ClientPortalController } from './client-portal.controller';
import { ClientPortalListener } from './client-portal.listener';
import { ClientPortalService } from './client-portal.service';
import { InvitationLinksController } from './invitation-links.controller';
import { InvitationsRepository } from './invitations.repository';
import { PortalProviderController } from './portal-provider.controller';
import { TeamController } from './team.controller';
import { TeamService } from './team.service';

@Module({
  imports: [AccountsModule, SessionsModule, MailModule, PermissionsModule],
  controllers: [
    TeamController,
    InvitationLinksController,
    ClientPortalController,
    PortalProviderController,
    ClientPortalListener,
  ],
  providers: [TeamService, ClientPortalService, InvitationsRepository],
})
export class TeamModule {}
