import {
  STAFF_MEMBERS,
  USER_NAMES,
  type StaffMembers,
  type StaffRole,
  type UserNames,
} from '@tourly/contracts';
import { RpcClient, uuidv7 } from '@tourly/platform';
import { rpcRefusal } from '@tourly/platform/testing';
import { startIdentity } from './support';

/**
 * What other services ask identity about people beyond a provider's team, over request-reply: the platform's staff
 * of a back-office role (orders: the suppliers a virtual assistant assigns to) and the display names of any users
 * (orders: the authors of comments).
 */
describe('staff members and user names over request-reply', () => {
  let it_: Awaited<ReturnType<typeof startIdentity>>;
  let demoMedia: string;

  beforeAll(async () => {
    it_ = await startIdentity();
    const provider = await it_.signedIn('provider@demo.test');
    demoMedia = (provider.body.current_provider as { id: string }).id;
  });
  afterAll(() => it_.stop());

  const ask = <T>(subject: string, request: unknown) =>
    it_.service.app.get(RpcClient).ask<T>(subject, request);
  /** A user with these names and staff role (a test builder, like `aUser`). */
  async function aStaffMember(email: string, firstName: string, lastName: string, staffRole: StaffRole) {
    const id = await it_.aUser(email);
    await it_.db.dataSource.query(
      'UPDATE users SET first_name = $2, last_name = $3, staff_role = $4 WHERE id = $1',
      [id, firstName, lastName, staffRole],
    );
    return id;
  }
  const idOf = async (email: string): Promise<string> =>
    (
      (await it_.db.dataSource.query('SELECT id FROM users WHERE email = $1', [email])) as Array<{
        id: string;
      }>
    )[0]!.id;

  it('lists the users holding a staff role, by name, and no one else', async () => {
    const zoe = await aStaffMember('zoe-supplier@demo.test', 'Zoe', 'Zulu', 'external_supplier');
    const bea = await aStaffMember('bea-supplier@demo.test', 'Bea', 'Builder', 'external_supplier');
    await aStaffMember('vera-va@demo.test', 'Vera', 'Assistant', 'virtual_assistant');
    await it_.aUser('not-staff@demo.test', { providerId: demoMedia, role: 'admin' });
    const sam = await idOf('supplier@demo.test');

    const suppliers = await ask<StaffMembers>(STAFF_MEMBERS, { staffRole: 'external_supplier' });
    expect(suppliers.members).toEqual([
      { userId: bea, fullName: 'Bea Builder', email: 'bea-supplier@demo.test' },
      { userId: sam, fullName: 'Sam Supplier', email: 'supplier@demo.test' },
      { userId: zoe, fullName: 'Zoe Zulu', email: 'zoe-supplier@demo.test' },
    ]);
    const assistants = await ask<StaffMembers>(STAFF_MEMBERS, { staffRole: 'virtual_assistant' });
    expect(assistants.members.map((member) => member.fullName)).toEqual([
      'Vera Assistant',
      'Victor Assistant',
    ]);
    const admins = await ask<StaffMembers>(STAFF_MEMBERS, { staffRole: 'platform_admin' });
    expect(admins.members).toEqual([
      { userId: await idOf('admin@demo.test'), fullName: 'Ada Admin', email: 'admin@demo.test' },
    ]);
  });

  it('refuses a role that is not a staff role (422 staff_role)', async () => {
    for (const request of [{ staffRole: 'admin' }, { staffRole: 'VIRTUAL_ASSISTANT' }, {}, null]) {
      expect(await rpcRefusal(ask(STAFF_MEMBERS, request))).toEqual({
        status: 422,
        errors: { staff_role: ['must be one of platform_admin, virtual_assistant, external_supplier'] },
      });
    }
  });

  it('names any users asked about, leaving out unknown and malformed ids', async () => {
    const member = await it_.aUser('named-member@demo.test', { providerId: demoMedia, role: 'member' });
    await it_.db.dataSource.query(
      "UPDATE users SET first_name = 'Nora', last_name = 'Named ' WHERE id = $1",
      [member],
    );
    const client = await it_.aUser('named-client@demo.test', { providerId: demoMedia, role: 'client_user' });
    const victor = await idOf('va@demo.test');
    const paula = await idOf('provider@demo.test');

    const answer = await ask<UserNames>(USER_NAMES, {
      userIds: [member, client, victor, paula.toUpperCase(), uuidv7(), 'not-an-id', 42, member],
    });
    expect(answer.users).toEqual([
      { userId: member, fullName: 'Nora Named' },
      { userId: paula, fullName: 'Paula Provider' },
      { userId: client, fullName: 'Test User' },
      { userId: victor, fullName: 'Victor Assistant' },
    ]);
    expect(await ask<UserNames>(USER_NAMES, { userIds: [] })).toEqual({ users: [] });
    expect(await ask<UserNames>(USER_NAMES, { userIds: ['nope'] })).toEqual({ users: [] });
  });

  it('refuses more than 200 ids, or ids that are not a list (422 user_ids)', async () => {
    const victor = await idOf('va@demo.test');
    expect(
      (await ask<UserNames>(USER_NAMES, { userIds: Array.from({ length: 200 }, () => victor) })).users,
    ).toEqual([{ userId: victor, fullName: 'Victor Assistant' }]);
    expect(await rpcRefusal(ask(USER_NAMES, { userIds: Array.from({ length: 201 }, () => victor) }))).toEqual(
      {
        status: 422,
        errors: { user_ids: ['must be at most 200 user ids'] },
      },
    );
    for (const request of [{ userIds: victor }, {}, null]) {
      expect(await rpcRefusal(ask(USER_NAMES, request))).toEqual({
        status: 422,
        errors: { user_ids: ['must be a list of user ids'] },
      });
    }
  });
});
