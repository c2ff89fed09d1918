import { hashPassword, verifyPassword } from '../src/accounts/passwords';

describe('passwords', () => {
  it('are stored as argon2id at OWASP’s minimum settings and verified against the hash', async () => {
    const stored = await hashPassword('demo-password');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'demo-password')).toBe(true);
    expect(await verifyPassword(stored, 'Demo-password')).toBe(false);
  });

  it('answer false for a missing account after a real verification', async () => {
    expect(await verifyPassword(undefined, 'anything')).toBe(false);
  });
});
