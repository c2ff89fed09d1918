import {
  ANOTHER_PROVIDER,
  heardAdminChange,
  primaryProviderChanges,
  sourceOf,
  tagChange,
} from './admin-changes.rules';

const PROVIDER = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const ADMIN = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c';
const OTHER = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5d';

describe("another service's admin change, read defensively", () => {
  const valid = {
    providerId: PROVIDER,
    adminId: ADMIN,
    action: 'pricing.set',
    before: null,
    after: { seatPriceCents: 1200 },
    changedAt: '2026-11-20T10:00:00.123Z',
  };

  it('keeps a well-formed change as it is', () => {
    expect(heardAdminChange(valid)).toEqual({
      change: { ...valid, record: null, changedAt: new Date('2026-11-20T10:00:00.123Z') },
    });
  });

  it('keeps the table of a change made while impersonating, and only for those', () => {
    const impersonated = { ...valid, action: 'record.updated', record: 'billing_accounts' };
    expect(heardAdminChange(impersonated)).toEqual({
      change: { ...impersonated, changedAt: new Date('2026-11-20T10:00:00.123Z') },
    });
    expect(heardAdminChange({ ...impersonated, record: undefined })).toEqual({
      problem: "record.updated needs the record's table",
    });
    expect(heardAdminChange({ ...impersonated, record: 'Robert"); DROP TABLE' })).toEqual({
      problem: "record.updated needs the record's table",
    });
    expect(heardAdminChange({ ...valid, record: 'billing_accounts' })).toEqual({
      problem: 'pricing.set names no record',
    });
  });

  it('takes ids in capitals as the same ids', () => {
    const heard = heardAdminChange({ ...valid, providerId: PROVIDER.toUpperCase() });
    expect(heard).toMatchObject({ change: { providerId: PROVIDER } });
  });

  it.each([
    ['no data', null, 'the event carries no change'],
    ['a list', [valid], 'the event carries no change'],
    ['no provider', { ...valid, providerId: undefined }, 'provider_id is not a provider id'],
    ['a provider that is not an id', { ...valid, providerId: 'demo' }, 'provider_id is not a provider id'],
    ['no admin', { ...valid, adminId: null }, 'admin_id is not a user id'],
    [
      'an unknown action',
      { ...valid, action: 'plan.deleted' },
      expect.stringMatching(/^action must be one of/),
    ],
    ['before as a list', { ...valid, before: [1] }, 'before must be an object or null'],
    ['after as text', { ...valid, after: 'x' }, 'after must be an object or null'],
    ['after missing', { ...valid, after: undefined }, 'after must be an object or null'],
    ['no time', { ...valid, changedAt: undefined }, 'changed_at is not an ISO 8601 time'],
    ['a time that is not ISO', { ...valid, changedAt: 'yesterday' }, 'changed_at is not an ISO 8601 time'],
    [
      'an impossible time',
      { ...valid, changedAt: '2026-13-45T99:00:00Z' },
      'changed_at is not an ISO 8601 time',
    ],
  ])('refuses %s', (_case, data, problem) => {
    expect(heardAdminChange(data)).toEqual({ problem });
  });
});

describe('the source of an admin change', () => {
  it.each([
    ['billing.admin_change.recorded.v1', 'billing'],
    ['orders.admin_change.recorded.v1', 'orders'],
    ['identity.admin_change.recorded.v1', 'identity'],
    ['properties.admin_change.recorded.v1', 'properties'],
    ['gateway.admin_change.recorded.v1', undefined],
    ['', undefined],
  ])('%s: %s', (subject, source) => {
    expect(sourceOf(subject)).toBe(source);
  });
});

describe("a provider's tag changing", () => {
  it.each([
    ['set', null, 'VIP', { before: null, after: { tag: 'VIP' } }],
    ['changed', 'VIP', 'Key account', { before: { tag: 'VIP' }, after: { tag: 'Key account' } }],
    ['cleared', 'VIP', null, { before: { tag: 'VIP' }, after: null }],
    ['unchanged', 'VIP', 'VIP', undefined],
    ['still none', null, null, undefined],
  ])('%s', (_case, before, after, expected) => {
    expect(tagChange(before, after)).toEqual(expected);
  });
});

describe("a user's primary provider changing", () => {
  const userEmail = 'jo@example.com';
  const harbour = { id: PROVIDER, name: 'Harbour' };
  const demo = { id: OTHER, name: 'Demo Media' };

  it('goes in both providers’ trails while the user belongs to both, each naming only itself', () => {
    expect(
      primaryProviderChanges({ userEmail, before: { ...demo, stillMember: true }, after: harbour }),
    ).toEqual([
      {
        providerId: PROVIDER,
        before: { user: userEmail, primaryProvider: ANOTHER_PROVIDER },
        after: { user: userEmail, primaryProvider: 'Harbour' },
      },
      {
        providerId: OTHER,
        before: { user: userEmail, primaryProvider: 'Demo Media' },
        after: { user: userEmail, primaryProvider: ANOTHER_PROVIDER },
      },
    ]);
  });

  it('goes only in the new one’s when the user left the old one', () => {
    expect(
      primaryProviderChanges({ userEmail, before: { ...demo, stillMember: false }, after: harbour }),
    ).toEqual([
      {
        providerId: PROVIDER,
        before: { user: userEmail, primaryProvider: ANOTHER_PROVIDER },
        after: { user: userEmail, primaryProvider: 'Harbour' },
      },
    ]);
  });

  it('has no before when the user had no primary provider', () => {
    expect(primaryProviderChanges({ userEmail, before: null, after: harbour })).toEqual([
      { providerId: PROVIDER, before: null, after: { user: userEmail, primaryProvider: 'Harbour' } },
    ]);
  });

  it('records nothing when it stays the same', () => {
    expect(
      primaryProviderChanges({ userEmail, before: { ...harbour, stillMember: true }, after: harbour }),
    ).toEqual([]);
  });
});
