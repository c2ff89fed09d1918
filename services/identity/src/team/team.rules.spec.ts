import { leavesAnAdmin, linkRefusal, linkState } from './team.rules';

describe('the last admin', () => {
  it.each<[string[], string, 'admin' | 'member' | null, boolean]>([
    // admins now, who changes, into what, whether an admin is left
    [['a'], 'a', 'member', false],
    [['a'], 'a', null, false],
    [['a'], 'a', 'admin', true],
    [['a', 'b'], 'a', 'member', true],
    [['a', 'b'], 'a', null, true],
    [['a'], 'b', null, true],
    [['a'], 'b', 'member', true],
    [[], 'b', 'admin', true],
  ])('admins %p, %s becomes %p: %p', (admins, userId, role, left) => {
    expect(leavesAnAdmin(admins, userId, role)).toBe(left);
  });
});

describe("an invitation link's state", () => {
  const at = new Date('2026-11-29T10:00:00Z');
  it.each<[Date | null, Date | null, boolean, string]>([
    [null, null, false, 'open'],
    [null, null, true, 'expired'],
    [at, null, true, 'accepted'],
    [null, at, false, 'revoked'],
    [null, at, true, 'revoked'],
  ])('accepted %p, revoked %p, expired %p: %s', (acceptedAt, revokedAt, expired, state) => {
    expect(linkState({ acceptedAt, revokedAt, expired })).toBe(state);
  });

  it('says what to do next', () => {
    expect(linkRefusal('expired', 'Demo Media', at)).toBe(
      'This invitation expired on 2026-11-29. Ask an admin of Demo Media to send you a new invitation.',
    );
  });
});
