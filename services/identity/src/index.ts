import { Database, EventBus, defineService, type RunningService } from '@tourly/platform';
import { MembershipsRepository } from './accounts/memberships.repository';
import { ProvidersRepository } from './accounts/providers.repository';
import { UsersRepository } from './accounts/users.repository';
import { IdentityConfig } from './config';
import { IdentityModule } from './identity.module';
import { migrations } from './migrations';
import { MatterportRepository } from './matterport/matterport.repository';
import { seedDemoAccounts, seedDemoClientUser } from './seed/demo-accounts';
import { openApiWebhooks } from './webhooks/webhook-catalogue';

export { IdentityConfig } from './config';
export { DEMO_CLIENT_USER, DEMO_PASSWORD, DEMO_PROVIDER, DEMO_USERS } from './seed/demo-accounts';

export const identity = defineService({
  name: 'identity',
  description:
    'Users, providers, memberships and roles, sessions and tokens, API keys, sign-up, provider switching, impersonation, onboarding, contact confirmations, provider settings and white-label domains, outgoing webhooks.',
  config: IdentityConfig,
  module: IdentityModule,
  migrations,
  // Sign-in, session, token and delivery machinery, other services' plans, the audit itself: no provider's records.
  unaudited: [
    'admin_changes',
    'api_key_use_hours',
    'contact_confirmation_codes',
    'impersonations',
    'matterport_authorizations',
    'oauth_tokens',
    'onboarding_flags',
    'password_resets',
    'provider_plans',
    'rate_limit_windows',
    'referrals',
    'sessions',
    'sign_in_account_failures',
    'sign_in_attempts',
    'sign_in_failures',
    'sign_up_requests',
    'webhook_attempts',
    'webhook_deliveries',
    'webhook_messages',
  ],
  webhooks: openApiWebhooks,
});

/**
 * Seeds the demo accounts into a running identity service (the all-in-one launcher). Never in production:
 * answers the demo provider's id, or null when it did not seed.
 */
export async function seedDemoData(service: RunningService): Promise<string | null> {
  if (service.config.NODE_ENV === 'production') return null;
  return seedDemoAccounts({
    db: service.app.get(Database),
    events: service.app.get(EventBus),
    users: service.app.get(UsersRepository),
    providers: service.app.get(ProvidersRepository),
    memberships: service.app.get(MembershipsRepository),
    matterport: service.app.get(MatterportRepository),
  });
}

/**
 * The demo client's portal user (issue 31) for the demo provider's client `clientId` (properties' demo client), once;
 * never in production. Whether it was made.
 */
export async function seedDemoClientPortal(
  service: RunningService,
  providerId: string,
  clientId: string,
): Promise<boolean> {
  if (service.config.NODE_ENV === 'production') return false;
  return seedDemoClientUser(
    {
      db: service.app.get(Database),
      events: service.app.get(EventBus),
      users: service.app.get(UsersRepository),
      memberships: service.app.get(MembershipsRepository),
    },
    providerId,
    clientId,
  );
}

/** A demo account's user id (the demo seed's other steps log what they make as theirs); null before it is seeded. */
export async function demoUserId(service: RunningService, email: string): Promise<string | null> {
  if (service.config.NODE_ENV === 'production') return null;
  return (await service.app.get(UsersRepository).findByEmail(email))?.id ?? null;
}
