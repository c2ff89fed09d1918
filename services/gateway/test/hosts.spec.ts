import pino from 'pino';
import { PROVIDER_BY_HOST, type ProviderByHostRequest } from '@tourly/contracts';
import { NatsTransport, RpcClient, toCamelKeys, toSnakeKeys } from '@tourly/platform';
import { createTestNamespace, requiredEnv } from '@tourly/platform/testing';
import { HostProviders } from '../src/routing/hosts';

/**
 * Whose host a request came to, asked of identity over NATS (a stand-in serving identity's subject here): once per
 * host however many requests wait, and identity's silence kept a moment too, so requests neither queue behind it
 * again nor all ask at once (the gateway's throughput fell to a twentieth when every request asked).
 */
describe('gateway: whose host a request came to', () => {
  const namespace = createTestNamespace();
  const logger = pino({ level: 'silent' });
  const transport = (name: string) =>
    new NatsTransport({ url: requiredEnv('NATS_URL'), namespace: namespace.namespace, name, logger });
  const gateway = transport('gateway');
  const identity = transport('identity-stand-in');
  const asked: ProviderByHostRequest[] = [];
  /** What the stand-in answers per domain, after how long (`silent`: longer than the gateway waits). */
  const DOMAINS: Record<string, { providerId: string | null; afterMs: number }> = {
    'tours.harbour.example': { providerId: 'p-harbour', afterMs: 100 },
    'silent.example': { providerId: null, afterMs: 1500 },
  };
  let hosts: HostProviders;

  beforeAll(async () => {
    await Promise.all([gateway.start(), identity.start()]);
    await identity.serve(PROVIDER_BY_HOST, 'identity', async (data) => {
      const question = toCamelKeys<ProviderByHostRequest>(JSON.parse(Buffer.from(data).toString('utf8')));
      asked.push(question);
      const domain = 'domain' in question ? question.domain : '';
      const { providerId, afterMs } = DOMAINS[domain] ?? { providerId: null, afterMs: 0 };
      await new Promise((resolve) => setTimeout(resolve, afterMs));
      return Buffer.from(JSON.stringify({ data: toSnakeKeys({ providerId }) }));
    });
    hosts = new HostProviders(new RpcClient(gateway), 'http://localhost:3000', logger);
  });

  afterAll(async () => {
    await gateway.close();
    await identity.close();
    await namespace.drop();
  });

  beforeEach(() => {
    asked.length = 0;
  });

  it('asks identity once for twenty requests that come at once, and not again while the answer is kept', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => hosts.providerOf('tours.harbour.example')),
    );
    expect(new Set(answers)).toEqual(new Set(['p-harbour']));
    expect(await hosts.providerOf('TOURS.harbour.example:443')).toBe('p-harbour');
    expect(asked).toEqual([{ domain: 'tours.harbour.example' }]);
  });

  it('treats the host as the app’s while identity is silent, asking once, and keeps that a moment', async () => {
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 10 }, () => hosts.providerOf('silent.example')));
    expect(new Set(answers)).toEqual(new Set([null]));
    // The gateway waited its second for identity, once for all ten.
    expect(Date.now() - started).toBeLessThan(1400);
    const again = Date.now();
    expect(await hosts.providerOf('silent.example')).toBeNull();
    expect(Date.now() - again).toBeLessThan(100);
    expect(asked).toEqual([{ domain: 'silent.example' }]);
  });

  it('never asks about the app’s own host', async () => {
    expect(await hosts.providerOf('localhost:3000')).toBeNull();
    expect(await hosts.providerOf(undefined)).toBeNull();
    expect(asked).toEqual([]);
  });

  it('asks about a subdomain of the app’s host by its label', async () => {
    expect(await hosts.providerOf('harbour-hosts.localhost')).toBeNull();
    expect(asked).toEqual([{ subdomain: 'harbour-hosts' }]);
  });
});
