import { defineService } from '@tourly/platform';
import { IdentityConfig } from './config';
import { IdentityModule } from './identity.module';
import { migrations } from './migrations';

export { IdentityConfig } from './config';

export const identity = defineService({
  name: 'identity',
  description:
    'Users, providers, memberships and roles, sessions and tokens, API keys, sign-up, provider switching, impersonation, onboarding, contact confirmations, provider settings and white-label domains, outgoing webhooks.',
  config: IdentityConfig,
  module: IdentityModule,
  migrations,
});
