import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { guardedLookup, urlProblems, URL_MESSAGES } from './webhook-targets';
import { WebhookSender } from './webhook-sender';

const production = { allowPrivateTargets: false };
const development = { allowPrivateTargets: true };

describe('webhook targets', () => {
  it.each([
    ['https://hooks.example.com/tourly', []],
    ['https://93.184.216.34/hook', []],
    ['http://hooks.example.com/tourly', [URL_MESSAGES.https]],
    ['ftp://hooks.example.com', [URL_MESSAGES.https]],
    ['hooks.example.com/tourly', [URL_MESSAGES.invalid]],
    ['https://localhost/hook', [URL_MESSAGES.private]],
    ['https://api.localhost/hook', [URL_MESSAGES.private]],
    ['https://127.0.0.1/hook', [URL_MESSAGES.private]],
    ['https://10.0.0.5/hook', [URL_MESSAGES.private]],
    ['https://192.168.1.20/hook', [URL_MESSAGES.private]],
    ['https://172.16.0.1/hook', [URL_MESSAGES.private]],
    ['https://169.254.169.254/latest/meta-data', [URL_MESSAGES.private]],
    ['https://100.64.0.1/hook', [URL_MESSAGES.private]],
    ['https://0.0.0.0/hook', [URL_MESSAGES.private]],
    ['https://[::1]/hook', [URL_MESSAGES.private]],
    ['https://[fe80::1]/hook', [URL_MESSAGES.private]],
    ['https://[fd00::1]/hook', [URL_MESSAGES.private]],
    ['https://[::ffff:127.0.0.1]/hook', [URL_MESSAGES.private]],
    ['https://2130706433/hook', [URL_MESSAGES.private]],
    // Issue 29: IPv6 forms that carry an internal IPv4 address.
    ['https://[::127.0.0.1]/hook', [URL_MESSAGES.private]],
    ['https://[::169.254.169.254]/latest/meta-data', [URL_MESSAGES.private]],
    ['https://[::ffff:0:127.0.0.1]/hook', [URL_MESSAGES.private]],
    ['https://[64:ff9b::169.254.169.254]/hook', [URL_MESSAGES.private]],
    ['https://[2002:7f00:1::1]/hook', [URL_MESSAGES.private]],
    ['https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/hook', [URL_MESSAGES.private]],
    ['https://0x7f.1/hook', [URL_MESSAGES.private]],
    ['https://0251.0376.0251.0376/hook', [URL_MESSAGES.private]],
    ['https://intranet/hook', [URL_MESSAGES.private]],
    ['https://metadata.google.internal/computeMetadata/v1/', [URL_MESSAGES.private]],
    ['https://[2606:4700:4700::1111]/hook', []],
    ['https://[::ffff:93.184.216.34]/hook', []],
    [`https://example.com/${'a'.repeat(2000)}`, [URL_MESSAGES.tooLong]],
  ])('in production, %s -> %j', (url, problems) => {
    expect(urlProblems(url, production)).toEqual(problems);
  });

  it.each([
    ['http://127.0.0.1:4000/hook', []],
    ['http://localhost:4000/hook', []],
    ['http://[::1]:4000/hook', []],
    ['https://10.0.0.5/hook', []],
    ['http://10.0.0.5/hook', [URL_MESSAGES.httpLocalOnly]],
    ['http://hooks.example.com/hook', [URL_MESSAGES.httpLocalOnly]],
  ])('in development, %s -> %j', (url, problems) => {
    expect(urlProblems(url, development)).toEqual(problems);
  });

  it('refuses, at connection time, a name that resolves to a loopback address', async () => {
    const refused = await new Promise<Error | null>((resolve) =>
      guardedLookup(production)('localhost', { all: true }, (error) => resolve(error)),
    );
    expect(refused?.message).toBe('localhost resolves to a private, loopback or link-local address');
    const allowed = await new Promise<unknown>((resolve) =>
      guardedLookup(development)('localhost', { all: true }, (_error, addresses) => resolve(addresses)),
    );
    expect(allowed).toEqual(
      expect.arrayContaining([expect.objectContaining({ address: expect.any(String) })]),
    );
  });

  describe('the sender in production', () => {
    let server: Server;
    let hits = 0;
    let port: number;
    beforeAll(async () => {
      server = createServer((_request, response) => {
        hits++;
        response.end('ok');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('never connects to a receiver on this machine, by address or by name', async () => {
      const sender = new WebhookSender({ ...production, timeoutMs: 2000 });
      const webhook = {
        messageId: 'msg_1',
        body: '{}',
        secrets: ['whsec_' + Buffer.alloc(24).toString('base64')],
      };
      const byAddress = await sender.send({ ...webhook, url: `http://127.0.0.1:${port}/hook` });
      const byName = await sender.send({ ...webhook, url: `http://localhost:${port}/hook` });
      sender.close();
      expect(byAddress).toMatchObject({ ok: false, statusCode: null });
      expect(byAddress.error).toBe('The URL points to a private, loopback or link-local address.');
      expect(byName).toMatchObject({ ok: false, statusCode: null });
      expect(byName.error).toBe('Refused: localhost resolves to a private, loopback or link-local address.');
      expect(hits).toBe(0);
    });

    it('never connects to an IPv6 form of a loopback address either', async () => {
      const sender = new WebhookSender({ ...production, timeoutMs: 2000 });
      const webhook = {
        messageId: 'msg_3',
        body: '{}',
        secrets: ['whsec_' + Buffer.alloc(24).toString('base64')],
      };
      for (const host of ['[::127.0.0.1]', '[::ffff:0:127.0.0.1]', '[2002:7f00:1::1]', '[64:ff9b::7f00:1]']) {
        const outcome = await sender.send({ ...webhook, url: `https://${host}:${port}/hook` });
        expect({ host, ...outcome }).toMatchObject({
          host,
          ok: false,
          statusCode: null,
          error: 'The URL points to a private, loopback or link-local address.',
        });
      }
      sender.close();
      expect(hits).toBe(0);
    });

    it('in development, reaches it', async () => {
      const sender = new WebhookSender({ ...development, timeoutMs: 2000 });
      const outcome = await sender.send({
        url: `http://localhost:${port}/hook`,
        messageId: 'msg_2',
        body: '{}',
        secrets: ['whsec_' + Buffer.alloc(24).toString('base64')],
      });
      sender.close();
      expect(outcome).toMatchObject({ ok: true, statusCode: 200, responseSnippet: 'ok' });
    });
  });
});
