import type { EventEnvelope, OrderFinalisedV1 } from '@tourly/contracts';
import {
  createEnvelope,
  encodeEnvelope,
  rows,
  TRANSPORT,
  uuidv7,
  type SettledDelivery,
  type Transport,
} from '@tourly/platform';
import { Storage } from '@tourly/platform/storage';
import { nextDelivery } from '@tourly/platform/testing';
import { aProperty, aTemporaryUpload, jpeg, pdf } from './media-support';
import { startProperties, type Person, type PropertiesAlone } from './support';

/**
 * What properties does with a finalised order: turns its plan files (`orders.order.finalised.v1`) into the property's
 * floorplans, once. (PROPERTY_FOR_ORDER, which reads the provider's Matterport account, is on the whole platform:
 * property-for-order.spec.ts.)
 */
describe('properties for orders', () => {
  let it_: PropertiesAlone;
  let provider: Person;

  beforeAll(async () => {
    it_ = await startProperties({ s3: true });
    provider = await it_.signUp('Order Media');
  });
  afterAll(() => it_.stop());

  const SUBJECT = 'orders.order.finalised.v1';
  const floorplans = async (propertyId: string) => {
    const answer = await provider.get(`/provider/properties/${propertyId}/floorplans`);
    expect(answer.status).toBe(200);
    return answer.body.data as Array<{
      id: string;
      name: string;
      position: number;
      url: string;
      content_type: string;
      filename: string;
      size: number;
    }>;
  };

  /** A file the supplier delivered, where orders keeps it (an orders-like key in the same bucket). */
  async function aDeliveredFile(
    orderId: string,
    filename: string,
    content: Buffer,
    contentType: string,
  ): Promise<OrderFinalisedV1['files'][number]> {
    const fileId = uuidv7();
    const storageKey = `orders/${provider.providerId}/${orderId}/${fileId}/${filename}`;
    await it_.service.app.get(Storage).put(storageKey, content, contentType);
    return { fileId, storageKey, filename, contentType, size: content.length };
  }

  /** An order of the provider's for the property, finalised with these files. */
  const finalised = (
    propertyId: string,
    orderId: string,
    files: OrderFinalisedV1['files'],
  ): EventEnvelope<typeof SUBJECT> =>
    createEnvelope(SUBJECT, {
      providerId: provider.providerId,
      orderId,
      propertyId,
      kind: 'floorplan',
      credits: 5,
      files,
    });

  /**
   * Publishes the envelope on the service's namespace as orders' relay would (`messageId`: NATS's de-duplication
   * id, the event id unless it is sent again); resolves once properties has settled it with `outcome`.
   */
  async function deliver(
    envelope: EventEnvelope,
    outcome: SettledDelivery['outcome'] = 'handled',
    messageId = envelope.id,
  ): Promise<SettledDelivery> {
    const settled = nextDelivery(it_.service, SUBJECT, outcome);
    await it_.service.app
      .get<Transport>(TRANSPORT)
      .publish(SUBJECT, messageId, Buffer.from(JSON.stringify(encodeEnvelope(envelope))));
    return settled;
  }

  const mediaAdded = (propertyId: string) =>
    rows<{ kind: string; ids: string[] }>(
      it_.propertiesDb.dataSource,
      `SELECT envelope -> 'data' ->> 'kind' AS kind, envelope -> 'data' -> 'media_ids' AS ids FROM outbox
        WHERE subject = 'properties.media.added.v1' AND envelope -> 'data' ->> 'property_id' = $1
        ORDER BY created_at, id`,
      [propertyId],
    );

  describe('orders.order.finalised.v1', () => {
    it('adds the delivered plans as floorplans after the property’s own, copied to its own storage, once', async () => {
      const propertyId = await aProperty(provider, 'Order Plans');
      const own = await aTemporaryUpload(it_, provider, { filename: 'Ground floor.pdf', content: pdf() });
      const uploaded = await provider.send(
        'post',
        `/provider/properties/${propertyId}/floorplans/upload_multiple`,
        {
          floorplan: { temporary_upload_ids: [own] },
        },
      );
      expect(uploaded.status).toBe(201);
      const orderId = uuidv7();
      const plan = pdf('The delivered plan');
      const render = await jpeg(640, 480);
      const files = [
        await aDeliveredFile(orderId, 'Order Plans floor plan.pdf', plan, 'application/pdf'),
        await aDeliveredFile(orderId, 'Order Plans 3D.jpg', render, 'image/jpeg'),
        await aDeliveredFile(orderId, 'working-files.zip', Buffer.from('PK\x03\x04'), 'application/zip'),
      ];
      const event = finalised(propertyId, orderId, files);

      await deliver(event);

      const listed = await floorplans(propertyId);
      expect(listed.map((item) => [item.name, item.content_type, item.size])).toEqual([
        ['Ground floor', 'application/pdf', pdf().length],
        ['Order Plans floor plan', 'application/pdf', plan.length],
        ['Order Plans 3D', 'image/jpeg', render.length],
      ]);
      expect(listed[1]!.position).toBeGreaterThan(listed[0]!.position);
      expect(listed[2]!.position).toBeGreaterThan(listed[1]!.position);
      expect(listed[1]!.filename).toBe('Order Plans floor plan.pdf');
      // A copy under the property's own key: the order's object stays the order's.
      expect(listed[1]!.url).toContain(`/uploads/${provider.providerId}/`);
      const stored = await fetch(listed[1]!.url);
      expect(Buffer.from(await stored.arrayBuffer()).equals(plan)).toBe(true);
      expect(await it_.service.app.get(Storage).head(files[0]!.storageKey)).not.toBeNull();
      const added = await mediaAdded(propertyId);
      expect(added.at(-1)).toEqual({ kind: 'floorplan', ids: [listed[1]!.id, listed[2]!.id] });

      // The same event again (the inbox knows it), then published anew under another id: nothing twice.
      await deliver(event, 'duplicate', `${event.id}-again`);
      await deliver(finalised(propertyId, orderId, files));
      expect((await floorplans(propertyId)).map((item) => item.id)).toEqual(listed.map((item) => item.id));
      expect(await mediaAdded(propertyId)).toEqual(added);
    });

    it('handles an order for a property deleted meanwhile, adding nothing', async () => {
      const propertyId = await aProperty(provider, 'Deleted Before Delivery');
      expect((await provider.send('delete', `/provider/properties/${propertyId}`)).status).toBe(200);
      const orderId = uuidv7();
      const files = [await aDeliveredFile(orderId, 'plan.pdf', pdf(), 'application/pdf')];

      await deliver(finalised(propertyId, orderId, files));

      const [{ count }] = await rows<{ count: number }>(
        it_.propertiesDb.dataSource,
        'SELECT count(*)::int AS count FROM property_media WHERE property_id = $1',
        [propertyId],
      );
      expect(count).toBe(0);
    });
  });
});
