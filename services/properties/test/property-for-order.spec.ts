import { PROPERTY_FOR_ORDER, type PropertyForOrder } from '@tourly/contracts';
import { RpcClient, uuidv7 } from '@tourly/platform';
import { rpcRefusal } from '@tourly/platform/testing';
import { matterportAccountModels } from '@tourly/emulators';
import { connectMatterport } from '../../../test/support/matterport';
import { aProperty } from './media-support';
import { startPropertiesPlatform, type Person, type PropertiesPlatform } from './support';

/**
 * The Matterport emulator's Demo Scans account, newest first as Matterport lists it: its `index`-th demo model (0-12,
 * oldest first; 12 is the one behind a password).
 */
const demoScansModel = (index: number) => matterportAccountModels('demo-scans').at(-1 - index)!;

/**
 * PROPERTY_FOR_ORDER, which orders asks over request-reply before placing an order: the property, and whether
 * Matterport serves its model only behind a password, read in the provider's own Matterport account (issue 17). On
 * the whole platform: properties asks identity for the provider's access token.
 */
describe('PROPERTY_FOR_ORDER', () => {
  let it_: PropertiesPlatform;
  /** Connected to the emulator's Demo Scans account. */
  let provider: Person;
  /** No Matterport account connected. */
  let other: Person;

  beforeAll(async () => {
    it_ = await startPropertiesPlatform();
    [provider, other] = await Promise.all([it_.signUp('Order Media'), it_.signUp('Other Order Media')]);
    await connectMatterport(it_.base, provider, 'demo-scans');
  }, 60_000);
  afterAll(() => it_?.stop());

  const ask = (request: { providerId: string; propertyId: string }) =>
    it_.platform.services.properties.app.get(RpcClient).ask<PropertyForOrder>(PROPERTY_FOR_ORDER, request);
  async function aPropertyOnModel(person: Person, title: string, matterportKey: string): Promise<string> {
    const created = await person.send('post', '/provider/properties', {
      create_tour_params: {
        title,
        address: '12 Harbour St, Sydney NSW 2000, Australia',
        matterport_key: matterportKey,
      },
    });
    expect(created.status).toBe(201);
    return created.body.data.id as string;
  }

  it('answers the provider’s own property: title, address, Matterport model, not behind a password', async () => {
    const model = demoScansModel(0);
    expect(model.visibility).toBe('public');
    const propertyId = await aPropertyOnModel(provider, 'Harbour View', model.id);

    expect(await ask({ providerId: provider.providerId, propertyId })).toEqual({
      propertyId,
      title: 'Harbour View',
      address: '12 Harbour St, Sydney NSW 2000, Australia',
      matterportModelId: model.id,
      passwordProtected: false,
    });
  });

  it('says when the provider’s Matterport account serves the property’s space only behind a password', async () => {
    const model = demoScansModel(12);
    expect(model.visibility).toBe('password');
    const propertyId = await aPropertyOnModel(provider, 'Harbour Loft', model.id);

    expect(await ask({ providerId: provider.providerId, propertyId })).toMatchObject({
      matterportModelId: model.id,
      passwordProtected: true,
    });
  });

  it('does not refuse on a guess: without a Matterport account to read, not known to be behind a password', async () => {
    const modelId = demoScansModel(12).id;
    const propertyId = await aPropertyOnModel(other, 'Unread Loft', modelId);

    expect(await ask({ providerId: other.providerId, propertyId })).toEqual({
      propertyId,
      title: 'Unread Loft',
      address: '12 Harbour St, Sydney NSW 2000, Australia',
      matterportModelId: modelId,
      passwordProtected: false,
    });
  });

  it('404s another provider’s property, a deleted one and an unknown id alike', async () => {
    const propertyId = await aProperty(provider, 'Not Theirs');
    const deleted = await aProperty(provider, 'Deleted');
    expect((await provider.send('delete', `/provider/properties/${deleted}`)).status).toBe(200);
    const notFound = { status: 404, errors: { base: ['Property not found'] } };

    expect(await rpcRefusal(ask({ providerId: other.providerId, propertyId }))).toEqual(notFound);
    expect(await rpcRefusal(ask({ providerId: provider.providerId, propertyId: deleted }))).toEqual(notFound);
    expect(await rpcRefusal(ask({ providerId: provider.providerId, propertyId: uuidv7() }))).toEqual(
      notFound,
    );
    expect(await rpcRefusal(ask({ providerId: provider.providerId, propertyId: 'nope' }))).toEqual(notFound);
  });
});
