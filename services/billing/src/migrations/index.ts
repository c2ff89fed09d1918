import type { MigrationClass } from '@tourly/platform';
import { BillingAccountsAndSubscriptions1763900000000 } from './1763900000000-billing-accounts-and-subscriptions';
import { NegotiatedDiscounts1763910000000 } from './1763910000000-negotiated-discounts';
import { ImmersiveExtensions1763940000000 } from './1763940000000-immersive-extensions';
import { PlanChoices1763970000000 } from './1763970000000-plan-choices';
import { SubscriptionVersions1763980000000 } from './1763980000000-subscription-versions';
import { ImmersiveExtensionVersions1763990000000 } from './1763990000000-immersive-extension-versions';
import { Credits1764000000000 } from './1764000000000-credits';
import { CreditLedgerKinds1764010000000 } from './1764010000000-credit-ledger-kinds';
import { Vouchers1764020000000 } from './1764020000000-vouchers';
import { Offers1764030000000 } from './1764030000000-offers';
import { CreditRefunds1764040000000 } from './1764040000000-credit-refunds';
import { HostingFees1764050000000 } from './1764050000000-hosting-fees';
import { HostingOverdue1764060000000 } from './1764060000000-hosting-overdue';
import { HostingTestClocks1764070000000 } from './1764070000000-hosting-test-clocks';

/** Committed migrations of the billing schema, oldest first (the platform's own tables come before them). */
export const migrations: MigrationClass[] = [
  BillingAccountsAndSubscriptions1763900000000,
  NegotiatedDiscounts1763910000000,
  ImmersiveExtensions1763940000000,
  PlanChoices1763970000000,
  SubscriptionVersions1763980000000,
  ImmersiveExtensionVersions1763990000000,
  Credits1764000000000,
  CreditLedgerKinds1764010000000,
  Vouchers1764020000000,
  Offers1764030000000,
  CreditRefunds1764040000000,
  HostingFees1764050000000,
  HostingOverdue1764060000000,
  HostingTestClocks1764070000000,
];
