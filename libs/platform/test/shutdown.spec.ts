import { connect } from 'node:net';
import { HTTP_DRAIN_MS, type DatabaseConfig } from '@tourly/platform';
import { startTestService, widgetsFixture, type TestService } from '@tourly/platform/testing';

/** A stop is bounded: a client that never finishes its request cannot hold a service (or the gateway) open. */
describe('stopping a service', () => {
  let service: TestService<DatabaseConfig>;

  beforeAll(async () => {
    service = await startTestService(widgetsFixture);
  });

  it(
    'lets requests in flight drain, then cuts the connections still open',
    async () => {
      const { port } = new URL(service.url);
      const socket = connect(Number(port), '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      // Node answers 100 Continue once the request is handed to the service: from then on it is in flight.
      const continued = new Promise((resolve) => socket.once('data', resolve));
      socket.write(
        'POST /v3_player_lead HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n' +
          'Expect: 100-continue\r\n\r\n',
      );
      expect(String(await continued)).toMatch(/^HTTP\/1.1 100 Continue/);
      socket.write('{"first_name": ');
      const closed = new Promise((resolve) => socket.once('close', resolve));
      const started = Date.now();
      await service.stop();
      await closed;
      const took = Date.now() - started;
      expect(took).toBeGreaterThanOrEqual(HTTP_DRAIN_MS - 100);
      expect(took).toBeLessThan(HTTP_DRAIN_MS + 5_000);
    },
    HTTP_DRAIN_MS + 20_000,
  );
});
