import type { MembershipRole, StaffRole } from '@tourly/contracts';
import { uuidv7, type Database, type EventBus } from '@tourly/platform';
import type { MembershipsRepository } from '../accounts/memberships.repository';
import type { MatterportRepository } from '../matterport/matterport.repository';
import { hashPassword } from '../accounts/passwords';
import type { ProvidersRepository } from '../accounts/providers.repository';
import type { UsersRepository } from '../accounts/users.repository';

export const DEMO_PASSWORD = 'demo-password';
export const DEMO_PROVIDER = 'Demo Media';

interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  staffRole?: StaffRole;
  membership?: MembershipRole;
}

/** The accounts README.md lists; all share DEMO_PASSWORD. */
export const DEMO_USERS: DemoUser[] = [
  { email: 'admin@demo.test', firstName: 'Ada', lastName: 'Admin', staffRole: 'platform_admin' },
  { email: 'provider@demo.test', firstName: 'Paula', lastName: 'Provider', membership: 'admin' },
  { email: 'va@demo.test', firstName: 'Victor', lastName: 'Assistant', staffRole: 'virtual_assistant' },
  { email: 'supplier@demo.test', firstName: 'Sam', lastName: 'Supplier', staffRole: 'external_supplier' },
];

/** What the seed writes with. */
export interface SeedTools {
  db: Database;
  events: EventBus;
  users: UsersRepository;
  providers: ProvidersRepository;
  memberships: MembershipsRepository;
  matterport: MatterportRepository;
}

/**
 * Creates the demo provider and accounts for `npm start`, once: accounts that exist are left alone. Answers the
 * demo provider's id. The demo provider reads the platform's own Matterport account until it connects its own.
 * The launcher never calls this when NODE_ENV is production.
 */
export async function seedDemoAccounts({
  db,
  events,
  users,
  providers,
  memberships,
  matterport,
}: SeedTools): Promise<string> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const existing = await providers.findByName(tx, DEMO_PROVIDER);
    let providerId = existing?.id;
    if (!providerId) {
      providerId = uuidv7();
      await providers.create(tx, { id: providerId, name: DEMO_PROVIDER, subdomain: 'demo-media' });
      await events.publish('identity.provider.created.v1', { providerId, name: DEMO_PROVIDER }, tx);
      await matterport.usePlatformAccount(tx, providerId);
    }
    for (const user of DEMO_USERS) {
      const id = uuidv7();
      const created = await users.createConfirmed(tx, {
        id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        passwordHash,
        staffRole: user.staffRole ?? null,
        primaryProviderId: user.membership ? providerId : null,
      });
      if (!created) continue;
      await events.publish('identity.user.created.v1', { userId: id, email: user.email }, tx);
      if (user.membership) {
        await memberships.add(tx, id, providerId, user.membership);
        await events.publish(
          'identity.membership.changed.v1',
          { providerId, userId: id, role: user.membership },
          tx,
        );
      }
    }
    return providerId;
  });
}
