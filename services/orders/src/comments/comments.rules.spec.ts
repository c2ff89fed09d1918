import { ANONYMOUS, type CallerIdentity } from '@tourly/platform';
import { authorRoleOf, mayDelete } from './comments.rules';

const caller = (identity: Partial<CallerIdentity>): CallerIdentity => ({ ...ANONYMOUS, ...identity });
const AUTHOR = '0190f0f0-0000-7000-8000-000000000001';
const OTHER = '0190f0f0-0000-7000-8000-000000000002';

describe('comments rules', () => {
  it.each([
    ['the author', caller({ userId: AUTHOR, role: 'member', providerId: OTHER }), true],
    ['a platform admin', caller({ userId: OTHER, staffRole: 'platform_admin' }), true],
    [
      'a virtual assistant who did not write it',
      caller({ userId: OTHER, staffRole: 'virtual_assistant' }),
      false,
    ],
    ['a colleague of the author', caller({ userId: OTHER, role: 'admin', providerId: OTHER }), false],
    ['nobody', caller({}), false],
  ])('%s may delete: %s', (_who, who, expected) => {
    expect(mayDelete(who, { authorId: AUTHOR })).toBe(expected);
  });

  it.each([
    [caller({ role: 'admin', providerId: OTHER }), 'provider'],
    [caller({ staffRole: 'virtual_assistant' }), 'virtual_assistant'],
    [caller({ staffRole: 'external_supplier' }), 'external_supplier'],
    [caller({ staffRole: 'platform_admin' }), 'platform_admin'],
  ])('writes as %j -> %s', (who, role) => {
    expect(authorRoleOf(who)).toBe(role);
  });
});
