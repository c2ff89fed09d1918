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

/**
 * The demo client's agent (properties' demo contact Ana Ng of "Harbour Realty"), a client user of the demo provider in
 * that client's portal (issue 31). README.md lists the account.
 */
export const DEMO_CLIENT_USER = {
  email: 'ana.ng@harbour-realty.demo.test',
  firstName: 'Ana',
  lastName: 'Ng',
} as const;

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

/**
 * The demo client's portal user, once (an account that exists is left alone): a client user of the demo provider
 * scoped to `clientId` (properties' demo client, whose contact has the same address). Whether it was made.
 */
export async function seedDemoClientUser(
  { db, events, users, memberships }: Pick<SeedTools, 'db' | 'events' | 'users' | 'memberships'>,
  providerId: string,
  clientId: string,
): Promise<boolean> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const id = uuidv7();
    const created = await users.createConfirmed(tx, {
      id,
      ...DEMO_CLIENT_USER,
      passwordHash,
      staffRole: null,
      primaryProviderId: providerId,
    });
    if (!created) return false;
    await events.publish('identity.user.created.v1', { userId: id, email: DEMO_CLIENT_USER.email }, tx);
    await memberships.join(tx, id, providerId, 'client_user', clientId);
    await events.publish(
      'identity.membership.changed.v1',
      { providerId, userId: id, role: 'client_user', providerClientId: clientId },
      tx,
    );
    return true;
  });
}
