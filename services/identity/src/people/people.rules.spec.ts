import {
  MAX_IDS,
  MAX_NAME_IDS,
  NOT_A_LIST_OF_IDS,
  NOT_A_STAFF_ROLE,
  TOO_MANY_IDS,
  isUuid,
  namesAsked,
  peopleQuestion,
  profilesQuestion,
  staffMembersErrors,
  userNamesErrors,
} from './people.rules';

const PROVIDER = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const USER = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c';

describe('a UUID', () => {
  it.each([
    [PROVIDER, true],
    [PROVIDER.toUpperCase(), true],
    ['0190a1b2c3d47e5f8a9b0c1d2e3f4a5b', false],
    [`${PROVIDER} `, false],
    ['not-a-uuid', false],
    ['', false],
    [42, false],
    [null, false],
    [undefined, false],
  ])('%p: %s', (value, uuid) => {
    expect(isUuid(value)).toBe(uuid);
  });
});

describe("another service's question about a provider's people", () => {
  it.each([
    [
      'a provider and users',
      { providerId: PROVIDER, userIds: [USER] },
      { providerId: PROVIDER, userIds: [USER] },
    ],
    [
      'ids that are not UUIDs are left out',
      { providerId: PROVIDER, userIds: [USER, 'x', 7, null] },
      { providerId: PROVIDER, userIds: [USER] },
    ],
    ['no user ids', { providerId: PROVIDER, userIds: [] }, null],
    ['only bad user ids', { providerId: PROVIDER, userIds: ['x'] }, null],
    ['user ids not a list', { providerId: PROVIDER, userIds: USER }, null],
    ['a provider id that is not a UUID', { providerId: 'x', userIds: [USER] }, null],
    ['no provider id', { userIds: [USER] }, null],
    ['nothing', null, null],
    ['undefined', undefined, null],
  ])('%s', (_case, request, question) => {
    expect(peopleQuestion(request)).toEqual(question);
  });

  it(`looks at the first ${MAX_IDS} user ids only`, () => {
    const userIds = Array.from({ length: MAX_IDS + 5 }, () => USER);
    expect(peopleQuestion({ providerId: PROVIDER, userIds })?.userIds).toHaveLength(MAX_IDS);
  });
});

describe("another service's question for people's profiles", () => {
  it.each([
    [
      'a provider and users',
      { providerId: PROVIDER, userIds: [USER] },
      { providerId: PROVIDER, userIds: [USER], admins: false, team: false },
    ],
    [
      'no users but its admins',
      { providerId: PROVIDER, userIds: [], admins: true },
      { providerId: PROVIDER, userIds: [], admins: true, team: false },
    ],
    [
      'no users but its whole team',
      { providerId: PROVIDER, userIds: [], team: true },
      { providerId: PROVIDER, userIds: [], admins: false, team: true },
    ],
    [
      'admins only when exactly true',
      { providerId: PROVIDER, userIds: [USER], admins: 'yes' },
      { providerId: PROVIDER, userIds: [USER], admins: false, team: false },
    ],
    ['the team only when exactly true', { providerId: PROVIDER, userIds: [], team: 1 }, null],
    ['no users and no admins', { providerId: PROVIDER, userIds: [] }, null],
    ['a provider id that is not a UUID', { providerId: 'x', userIds: [USER], admins: true }, null],
    ['a provider id that is not a UUID, for the team', { providerId: 'x', userIds: [], team: true }, null],
    ['nothing', null, null],
  ])('%s', (_case, request, question) => {
    expect(profilesQuestion(request)).toEqual(question);
  });
});

describe("another service's question for the staff of a role", () => {
  it.each([
    ['a virtual assistant', { staffRole: 'virtual_assistant' }, {}],
    ['an external supplier', { staffRole: 'external_supplier' }, {}],
    ['a platform admin', { staffRole: 'platform_admin' }, {}],
    ['a provider role', { staffRole: 'admin' }, { staffRole: NOT_A_STAFF_ROLE }],
    ['another case', { staffRole: 'Virtual_Assistant' }, { staffRole: NOT_A_STAFF_ROLE }],
    ['not a string', { staffRole: 1 }, { staffRole: NOT_A_STAFF_ROLE }],
    ['no role', {}, { staffRole: NOT_A_STAFF_ROLE }],
    ['nothing', null, { staffRole: NOT_A_STAFF_ROLE }],
  ])('%s', (_case, request, errors) => {
    expect(staffMembersErrors(request)).toEqual(errors);
  });
});

describe("another service's question for users' names", () => {
  const ids = (count: number) => Array.from({ length: count }, () => USER);
  it.each([
    ['some ids', { userIds: [USER, PROVIDER] }, {}],
    ['no ids', { userIds: [] }, {}],
    ['ids that are not UUIDs (left out, not refused)', { userIds: ['x', 7, null] }, {}],
    [`${MAX_NAME_IDS} ids`, { userIds: ids(MAX_NAME_IDS) }, {}],
    [`${MAX_NAME_IDS + 1} ids`, { userIds: ids(MAX_NAME_IDS + 1) }, { userIds: TOO_MANY_IDS }],
    ['ids not a list', { userIds: USER }, { userIds: NOT_A_LIST_OF_IDS }],
    ['no ids at all', {}, { userIds: NOT_A_LIST_OF_IDS }],
    ['nothing', null, { userIds: NOT_A_LIST_OF_IDS }],
  ])('%s', (_case, request, errors) => {
    expect(userNamesErrors(request)).toEqual(errors);
  });

  it('looks up the UUIDs among the ids, once each', () => {
    expect(namesAsked([USER, 'x', USER.toUpperCase(), 7, null, PROVIDER])).toEqual([USER, PROVIDER]);
  });
});
