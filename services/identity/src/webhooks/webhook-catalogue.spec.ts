import Ajv from 'ajv';
import { WEBHOOK_EVENT_TYPES, type EventCatalogue } from '@tourly/contracts';
import { publicEventOf, publicEvents, WEBHOOK_CATALOGUE } from './webhook-catalogue';

/** OpenAPI 3.0's `nullable`, read as JSON Schema reads a type list. */
function jsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(jsonSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const { nullable, ...rest } = schema as Record<string, unknown>;
  const out = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, jsonSchema(value)]));
  if (nullable && typeof out.type === 'string') out.type = [out.type, 'null'];
  if (nullable && Array.isArray(out.enum)) out.enum = [...(out.enum as unknown[]), null];
  return out;
}

const PROVIDER = '0190f1c2-7a3b-7c4d-8e5f-1a2b3c4d5e6f';
const PROPERTY = '0190f1c2-9d8e-7f6a-8b5c-4d3e2f1a0b9c';

/** An internal event of each public subject, with the fields receivers must never see. */
const INTERNAL: { [S in keyof EventCatalogue]?: EventCatalogue[S] } = {
  'properties.property.created.v1': { providerId: PROVIDER, propertyId: PROPERTY, title: 'A' },
  'orders.order.finalised.v1': {
    providerId: PROVIDER,
    orderId: PROPERTY,
    propertyId: PROPERTY,
    kind: 'floorplan',
    credits: 5,
    files: [
      {
        fileId: PROPERTY,
        storageKey: 'orders/secret/key.png',
        filename: 'plan.png',
        contentType: 'image/png',
        size: 10,
      },
    ],
  },
  'billing.credits.changed.v1': {
    providerId: PROVIDER,
    change: 'purchase',
    category: null,
    amount: 10,
    reference: null,
    availableBalance: 10,
    reservedBalance: 0,
    version: 7,
  },
  'properties.lead.received.v1': {
    providerId: PROVIDER,
    propertyId: PROPERTY,
    leadId: PROPERTY,
    source: 'tour',
    tourId: 'harbour~view',
    firstName: 'Ana',
    lastName: 'Ng',
    email: 'ana@example.com',
    phoneNumber: '+61 400 000 000',
    message: 'Is the open home on Saturday?',
    attribution: { rooms: [{ room: 'Kitchen', floor: null, seconds: 120 }], path: ['Hall', 'Kitchen'] },
  },
  'properties.digital_twin.aligned.v1': {
    providerId: PROVIDER,
    propertyId: PROPERTY,
    digitalTwinId: PROPERTY,
    assetId: PROVIDER,
    transform: { scale: 0.01, quaternion: { x: 0, y: 0, z: 0, w: 1 }, translation: { x: 1, y: 2, z: 3 } },
    rmsError: 0.021,
    alignedAt: '2026-12-02T10:15:00.000Z',
  },
  'properties.segmentation.completed.v1': {
    providerId: PROVIDER,
    propertyId: PROPERTY,
    jobId: PROPERTY,
    sceneId: PROVIDER,
    matterportKey: 'SxQL3iGyoDo',
    status: 'failed',
    panoramas: 3,
    segmented: 2,
    failed: 1,
    emptyRoomPanoIds: ['pano'],
    completedAt: '2026-12-02T10:20:00.000Z',
  },
  'billing.subscription.changed.v1': {
    providerId: PROVIDER,
    productCode: 'starter_plan',
    interval: 'month',
    status: 'active',
    premiumTourLimit: 3,
    version: 4,
  },
};

describe('the webhook catalogue', () => {
  const ajv = new Ajv({ strict: false, validateFormats: false });

  it('has every public event type once', () => {
    expect(publicEvents().map((event) => event.type)).toEqual([...WEBHOOK_EVENT_TYPES]);
  });

  it.each(publicEvents().map((event) => [event.type, event] as const))(
    '%s: its example fits its schema',
    (_type, event) => {
      expect(ajv.validate(jsonSchema(event.schema) as object, event.example)).toBe(true);
    },
  );

  it.each(Object.entries(INTERNAL))(
    '%s: the projection fits the schema and drops what is internal',
    (subject, data) => {
      const published = publicEventOf(subject as keyof EventCatalogue, data)!;
      const schema = WEBHOOK_CATALOGUE[subject as keyof EventCatalogue]!.schema;
      const valid = ajv.validate(jsonSchema(schema) as object, published.data);
      expect(ajv.errors ?? []).toEqual([]);
      expect(valid).toBe(true);
      const text = JSON.stringify(published.data);
      expect(text).not.toContain('storage_key');
      expect(text).not.toContain('version');
    },
  );

  describe('lead.received', () => {
    const lead = INTERNAL['properties.lead.received.v1']!;
    const schema = WEBHOOK_CATALOGUE['properties.lead.received.v1']!.schema;

    it('carries the rooms and the path as the lead has them, in snake_case like the rest', () => {
      expect(publicEventOf('properties.lead.received.v1', lead)).toEqual({
        type: 'lead.received',
        data: {
          provider_id: PROVIDER,
          property_id: PROPERTY,
          lead_id: PROPERTY,
          source: 'tour',
          tour_id: 'harbour~view',
          first_name: 'Ana',
          last_name: 'Ng',
          email: 'ana@example.com',
          phone_number: '+61 400 000 000',
          message: 'Is the open home on Saturday?',
          attribution: { rooms: [{ room: 'Kitchen', floor: null, seconds: 120 }], path: ['Hall', 'Kitchen'] },
        },
      });
    });

    it.each([
      [
        'a lead without attribution (a website’s, or no consent)',
        { ...lead, source: 'website', attribution: null },
      ],
      ['an event published before attribution existed', { ...lead, attribution: undefined }],
    ])('%s: attribution null, and the payload fits the schema', (_case, data) => {
      const published = publicEventOf('properties.lead.received.v1', data)!;
      expect(published.data.attribution).toBeNull();
      expect(ajv.validate(jsonSchema(schema) as object, published.data)).toBe(true);
    });

    it('its schema refuses an attribution past the limits', () => {
      const tooMany = Array.from({ length: 6 }, (_, n) => ({ room: `Room ${n}`, floor: 0, seconds: 1 }));
      const data = publicEventOf('properties.lead.received.v1', {
        ...lead,
        attribution: { rooms: tooMany, path: [] },
      })!.data;
      expect(ajv.validate(jsonSchema(schema) as object, data)).toBe(false);
    });
  });

  it('publishes nothing of the platform’s own events', () => {
    expect(
      publicEventOf('billing.stripe_event.received.v1', { stripeEventId: 'evt', type: 'x' }),
    ).toBeUndefined();
    expect(publicEventOf('identity.user.created.v1', { userId: PROVIDER, email: 'a@b.c' })).toBeUndefined();
  });
});
