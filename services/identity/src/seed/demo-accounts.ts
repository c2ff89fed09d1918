import type { MembershipRole, StaffRole } from '@tourly/contracts';
import { EventBus, uuidv7, type Database } from '@tourly/platform';
import { hashPassword } from '../accounts/passwords';

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
 * Creates the demo provider and accounts for `npm start`, once: accounts that exist are left alone. Answers the
 * demo provider's id.
 * The launcher never calls this when NODE_ENV is production.
 */
export async function seedDemoAccounts(db: Database, events: EventBus): Promise<string> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const [existing] = (await tx.query('SELECT id FROM providers WHERE name = $1 LIMIT 1', [
      DEMO_PROVIDER,
    ])) as Array<{
      id: string;
    }>;
    let providerId = existing?.id;
    if (!providerId) {
      providerId = uuidv7();
      await tx.query('INSERT INTO providers (id, name, subdomain) VALUES ($1, $2, $3)', [
        providerId,
        DEMO_PROVIDER,
        'demo-media',
      ]);
      await events.publish('identity.provider.created.v1', { providerId, name: DEMO_PROVIDER }, tx);
    }
    for (const user of DEMO_USERS) {
      const id = uuidv7();
      const inserted = (await tx.query(
        `INSERT INTO users (id, email, first_name, last_name, password_hash, staff_role, primary_provider_id,
                            email_confirmed_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, now()) ON CONFLICT (lower(email)) DO NOTHING RETURNING id`,
        [
          id,
          user.email,
          user.firstName,
          user.lastName,
          passwordHash,
          user.staffRole ?? null,
          user.membership ? providerId : null,
        ],
      )) as unknown[];
      if (inserted.length === 0) continue;
      await events.publish('identity.user.created.v1', { userId: id, email: user.email }, tx);
      if (user.membership) {
        await tx.query('INSERT INTO memberships (user_id, provider_id, role) VALUES ($1, $2, $3)', [
          id,
          providerId,
          user.membership,
        ]);
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
