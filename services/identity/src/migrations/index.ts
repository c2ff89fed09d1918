import type { MigrationClass } from '@tourly/platform';
import { AccountsAndSessions1763780000000 } from './1763780000000-accounts-and-sessions';
import { Impersonations1763790000000 } from './1763790000000-impersonations';
import { OnboardingFlags1763800000000 } from './1763800000000-onboarding-flags';
import { ProviderSettings1763810000000 } from './1763810000000-provider-settings';
import { ProviderPlans1763820000000 } from './1763820000000-provider-plans';
import { ApiKeys1763830000000 } from './1763830000000-api-keys';
import { WhitelabeledDomains1763840000000 } from './1763840000000-whitelabeled-domains';
import { Surveys1763850000000 } from './1763850000000-surveys';
import { OauthTokens1763860000000 } from './1763860000000-oauth-tokens';
import { PasswordResets1763870000000 } from './1763870000000-password-resets';
import { ContactConfirmations1763880000000 } from './1763880000000-contact-confirmations';
import { ApiKeyUse1763890000000 } from './1763890000000-api-key-use';
import { SignInAttempts1763900000000 } from './1763900000000-sign-in-attempts';
import { RateLimitWindows1763910000000 } from './1763910000000-rate-limit-windows';
import { SignUpRequests1763920000000 } from './1763920000000-sign-up-requests';
import { ProviderPlanVersions1763930000000 } from './1763930000000-provider-plan-versions';
import { UserPhoneNumbers1763940000000 } from './1763940000000-user-phone-numbers';
import { Webhooks1763950000000 } from './1763950000000-webhooks';
import { MatterportConnections1763960000000 } from './1763960000000-matterport-connections';
import { MatterportPlatformAccount1763970000000 } from './1763970000000-matterport-platform-account';
import { AdminChanges1763980000000 } from './1763980000000-admin-changes';
import { Referrals1763990000000 } from './1763990000000-referrals';
import { ImpersonationReturn1764010000000 } from './1764010000000-impersonation-return';
import { OauthTokenFamilies1764030000000 } from './1764030000000-oauth-token-families';
import { SignInAccountFailures1764040000000 } from './1764040000000-sign-in-account-failures';
import { ImpersonatedChanges1796000000001 } from './1796000000001-impersonated-changes';
import { TeamInvitations1796000000010 } from './1796000000010-team-invitations';
import { ClientPortalAccess1796000000020 } from './1796000000020-client-portal-access';

/** Committed migrations of the identity schema, oldest first (the platform's own tables come before them). */
export const migrations: MigrationClass[] = [
  AccountsAndSessions1763780000000,
  Impersonations1763790000000,
  OnboardingFlags1763800000000,
  ProviderSettings1763810000000,
  ProviderPlans1763820000000,
  ApiKeys1763830000000,
  WhitelabeledDomains1763840000000,
  Surveys1763850000000,
  OauthTokens1763860000000,
  PasswordResets1763870000000,
  ContactConfirmations1763880000000,
  ApiKeyUse1763890000000,
  SignInAttempts1763900000000,
  RateLimitWindows1763910000000,
  SignUpRequests1763920000000,
  ProviderPlanVersions1763930000000,
  UserPhoneNumbers1763940000000,
  Webhooks1763950000000,
  MatterportConnections1763960000000,
  MatterportPlatformAccount1763970000000,
  AdminChanges1763980000000,
  Referrals1763990000000,
  ImpersonationReturn1764010000000,
  OauthTokenFamilies1764030000000,
  SignInAccountFailures1764040000000,
  ImpersonatedChanges1796000000001,
  TeamInvitations1796000000010,
  ClientPortalAccess1796000000020,
];
