import request from 'supertest';
import { Database, one, rows, type DatabaseConfig } from '@tourly/platform';
import {
  internalHeaders,
  startTestService,
  widgetsFixture,
  type TestService,
} from '@tourly/platform/testing';

const PROVIDER = '0190c1d2-0000-7000-8000-000000000001';
const ADMIN = '0190c1d2-0000-7000-8000-0000000000aa';
const providerAdmin = { userId: 'u1', role: 'admin' as const, providerId: PROVIDER };
const impersonating = { ...providerAdmin, impersonatorId: ADMIN };

interface Recorded {
  subject: string;
  envelope: {
    id: string;
    type: string;
    occurred_at: string;
    provider_id: string;
    data: Record<string, unknown>;
  };
}

/**
 * What an administrator changes while impersonating a provider is recorded by the database itself, whichever
 * repository wrote it: one `<schema>.admin_change.recorded.v1` per row in the outbox, in the change's transaction;
 * nothing for the provider's own changes, for reads, or once the impersonated request is over.
 */
describe('the impersonation audit', () => {
  let service: TestService<DatabaseConfig>;
  let http: ReturnType<typeof request>;
  let db: Database;

  beforeAll(async () => {
    service = await startTestService(widgetsFixture);
    http = request(service.url);
    db = service.app.get(Database);
  });
  afterAll(() => service.stop());

  const recorded = () =>
    rows<Recorded>(
      db.dataSource,
      `SELECT subject, envelope FROM outbox WHERE subject LIKE '%.admin_change.recorded.v1' ORDER BY created_at, id`,
    );
  const create = (as: object, name: string, priceCents = 100) =>
    http.post('/provider/widgets').set(internalHeaders(as)).send({ name, price_cents: priceCents });

  it('records each row an impersonating administrator creates, with the admin, the provider and the table', async () => {
    const before = (await recorded()).length;
    expect((await create(providerAdmin, 'Own lamp')).status).toBe(201);
    expect(await recorded()).toHaveLength(before);

    const made = await create(impersonating, 'Admin lamp', 1995);
    expect(made.status).toBe(201);
    const [change, ...more] = (await recorded()).slice(before);
    expect(more).toEqual([]);
    expect(change).toEqual({
      subject: 'identity.admin_change.recorded.v1',
      envelope: {
        id: expect.any(String),
        type: 'identity.admin_change.recorded.v1',
        occurred_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
        provider_id: PROVIDER,
        data: {
          provider_id: PROVIDER,
          admin_id: ADMIN,
          action: 'record.created',
          record: 'widgets',
          before: null,
          // The provider id and the timestamps are left out: the trail is the provider's own.
          after: { id: made.body.data.id, name: 'Admin lamp', price_cents: 1995 },
          changed_at: change!.envelope.occurred_at,
        },
      },
    });
  });

  it('records an update as the fields that changed, with what names the row, and a delete as what was there', async () => {
    const made = await create(providerAdmin, 'Desk lamp', 500);
    const id = made.body.data.id as number;
    const before = (await recorded()).length;
    // A change the service makes outside an impersonated request is not the administrator's.
    await db.dataSource.query('UPDATE widgets SET price_cents = 600 WHERE id = $1', [id]);
    expect(await recorded()).toHaveLength(before);

    // One statement outside a transaction, then a transaction: both are the administrator's.
    const repriced = await http
      .patch(`/provider/widgets/${id}`)
      .set(internalHeaders(impersonating))
      .send({ price_cents: 750 });
    expect(repriced.status).toBe(200);
    // The same price again changes nothing, and records nothing.
    await http
      .patch(`/provider/widgets/${id}`)
      .set(internalHeaders(impersonating))
      .send({ price_cents: 750 });
    expect((await http.delete(`/provider/widgets/${id}`).set(internalHeaders(impersonating))).status).toBe(
      200,
    );

    expect((await recorded()).slice(before).map(({ envelope }) => envelope.data)).toEqual([
      expect.objectContaining({
        action: 'record.updated',
        record: 'widgets',
        before: { id, name: 'Desk lamp', price_cents: 600 },
        after: { id, name: 'Desk lamp', price_cents: 750 },
      }),
      expect.objectContaining({
        action: 'record.deleted',
        record: 'widgets',
        before: { id, name: 'Desk lamp', price_cents: 750 },
        after: null,
      }),
    ]);
  });

  it('records nothing for reads, nor for the next requests the same pooled connections serve', async () => {
    const before = (await recorded()).length;
    expect((await http.get('/provider/widgets').set(internalHeaders(impersonating))).status).toBe(200);
    expect(await recorded()).toHaveLength(before);
    await create(impersonating, 'One more');
    for (let n = 0; n < 12; n += 1) expect((await create(providerAdmin, `Own ${n}`)).status).toBe(201);
    expect(await recorded()).toHaveLength(before + 1);
  });

  it('hides secrets and long values', async () => {
    const shown = await one<{ shown: Record<string, unknown> }>(
      db.dataSource,
      `SELECT audit_shown($1::jsonb) AS shown`,
      [
        JSON.stringify({
          password_hash: '$2b$10$abc',
          webhook_secret: 'whsec_x',
          access_token: 'tok',
          password_protected: true,
          notes: 'x'.repeat(501),
          title: 'Harbour Loft',
        }),
      ],
    );
    expect(shown?.shown).toEqual({
      password_hash: '(hidden)',
      webhook_secret: '(hidden)',
      access_token: '(hidden)',
      password_protected: true,
      notes: '(too long to show)',
      title: 'Harbour Loft',
    });
  });
});
