import { Module } from '@nestjs/common';
import { AccessModule } from './access/access.module';
import { AdminModule } from './admin/admin.module';
import { AdminChangesModule } from './admin-changes/admin-changes.module';
import { ContactConfirmationsModule } from './contact-confirmations/contact-confirmations.module';
import { ApiKeysModule } from './api-keys/api-keys.module';
import { CredentialsModule } from './credentials/credentials.module';
import { HousekeepingModule } from './housekeeping/housekeeping.module';
import { ImpersonationModule } from './impersonation/impersonation.module';
import { MatterportModule } from './matterport/matterport.module';
import { OAuthModule } from './oauth/oauth.module';
import { OnboardingModule } from './onboarding/onboarding.module';
import { PasswordsModule } from './passwords/passwords.module';
import { PeopleModule } from './people/people.module';
import { PermissionsModule } from './permissions/permissions.module';
import { ProfileModule } from './profile/profile.module';
import { RateLimitsModule } from './rate-limits/rate-limits.module';
import { SessionsModule } from './sessions/sessions.module';
import { SettingsModule } from './settings/settings.module';
import { SignUpModule } from './sign-up/sign-up.module';
import { TeamModule } from './team/team.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { WithdrawalsModule } from './withdrawals/withdrawals.module';

@Module({
  imports: [
    SessionsModule,
    ProfileModule,
    AccessModule,
    ImpersonationModule,
    OnboardingModule,
    SettingsModule,
    AdminModule,
    AdminChangesModule,
    PermissionsModule,
    SignUpModule,
    ApiKeysModule,
    OAuthModule,
    CredentialsModule,
    PasswordsModule,
    PeopleModule,
    ContactConfirmationsModule,
    RateLimitsModule,
    HousekeepingModule,
    WebhooksModule,
    MatterportModule,
    WithdrawalsModule,
    TeamModule,
  ],
})
export class IdentityModule {}
