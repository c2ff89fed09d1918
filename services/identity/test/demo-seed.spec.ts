import { Database } from '@tourly/platform';
import { startTestService } from '@tourly/platform/testing';
import { identity, seedDemoData } from '@tourly/identity';

/** The demo accounts share a published password: they must never exist in production. */
describe('demo accounts', () => {
  it.each([
    ['production', false, 0],
    ['development', true, 4],
  ])('in %s: seeded %s, %i users', async (nodeEnv, seeded, users) => {
    const service = await startTestService(identity, { extra: { NODE_ENV: nodeEnv } });
    try {
      const providerId = await seedDemoData(service);
      expect(providerId !== null).toBe(seeded);
      expect(await seedDemoData(service)).toBe(providerId); // and again: idempotent, the same provider
      const [{ count }] = await service.app
        .get(Database)
        .dataSource.query('SELECT count(*)::int AS count FROM users');
      expect(count).toBe(users);
    } finally {
      await service.stop();
    }
  });
});
