import { rows } from '@tourly/platform';
import { eventually } from '@tourly/platform/testing';
import { aTemporaryUpload, jpeg, pdf } from '../../properties/test/media-support';
import {
  anotherSupplier,
  aProperty,
  balanceOf,
  deliverOrder,
  demoSupplierId,
  giveCredits,
  ordersSettled,
  PNG,
  startPlatformWithEmulators,
  type Person,
  type PlatformWithEmulators,
} from './support';

const NOT_THE_PROPERTYS_PHOTOS =
  'must list photos of this property: one of them is not among its photos (deleted meanwhile?). Pick them again.';
const NO_PHOTOS_RETOUCHED = 'Upload the retouched photos before finalising the order.';
const ORIGINAL_STAYS =
  "This is one of the order's original photos: it stays with the order, so the retouched photo can be matched to it.";

/** A photo of a property, as the provider's photos API lists it. */
interface Photo {
  id: string;
  position: number;
  file_id: string;
  filename: string;
  content_type: string;
  size: number;
  url: string;
  retouched: boolean;
}

/** An order's file, as its detail lists it. */
interface OrderFile {
  id: string;
  role: string;
  filename: string;
  content_type: string;
  size: number;
  photo_id: string | null;
}

/**
 * Photo retouching, on the whole platform: the provider orders some of a property's photos retouched (priced per
 * photo and option, no Matterport space needed), the photos are copied into the order as its originals, the virtual
 * assistant hands it to a supplier who delivers one retouched photo named after each original, and properties puts
 * them beside the originals or in their place. Every refusal says why and holds nothing.
 */
describe('photo retouching orders', () => {
  let it_: PlatformWithEmulators;
  let admin: Person;
  let va: Person;
  let supplier: Person;
  let provider: Person;
  let supplierId: string;

  beforeAll(async () => {
    it_ = await startPlatformWithEmulators({ s3: true });
    [admin, va, supplier] = await Promise.all([
      it_.signIn('admin@demo.test'),
      it_.signIn('va@demo.test'),
      it_.signIn('supplier@demo.test'),
    ]);
    provider = await it_.signUp('Retouching Harbour Media');
    await giveCredits(admin, provider.providerId, 200);
    supplierId = await demoSupplierId(va);
  });
  afterAll(() => it_.stop());

  const photosOf = async (owner: Person, propertyId: string) =>
    (await owner.get(`/provider/properties/${propertyId}/photos`).expect(200)).body.data as Photo[];

  /** A new property of `owner`'s with a photo (a real JPEG) for each name, in that order. */
  async function aPropertyWithPhotos(
    owner: Person,
    title: string,
    names: string[],
  ): Promise<{ propertyId: string; photos: Photo[] }> {
    const propertyId = await aProperty(owner, title);
    const uploads: string[] = [];
    for (const [index, filename] of names.entries())
      uploads.push(await aTemporaryUpload(it_, owner, { filename, content: await jpeg(40 + index, 30) }));
    const added = await owner
      .send('post', `/provider/properties/${propertyId}/photos/upload_multiple`, {
        photo: { temporary_upload_ids: uploads },
      })
      .expect(201);
    return { propertyId, photos: added.body.data as Photo[] };
  }

  const retouch = (owner: Person, propertyId: string, fields: object) =>
    owner.send('post', '/provider/orders/floorplan_orders.json', {
      floorplan_order: { property_id: propertyId, kind: 'photo_retouching', ...fields },
    });
  const supplierDoes = (id: string, action: string) =>
    supplier.send('post', `/external_supplier/floorplan_orders/${id}/${action}`);
  /** The supplier uploads a retouched photo (a PNG) as a deliverable. */
  const deliver = (id: string, filename: string) =>
    supplier
      .send('post', `/external_supplier/floorplan_orders/${id}/upload`)
      .attach('floorplan_file[file]', PNG, { filename, contentType: 'image/png' });
  async function assignAndStart(id: string): Promise<void> {
    await va
      .send('post', `/virtual_assistant/portal_order_requests/${id}/assign`, { supplier_id: supplierId })
      .expect(201);
    await supplierDoes(id, 'start').expect(201);
  }
  const ledgerOf = async (orderId: string) =>
    (
      await rows<{ kind: string }>(
        it_.billingDb.dataSource,
        'SELECT kind FROM credit_ledger WHERE reference = $1 ORDER BY id',
        [`order:${orderId}`],
      )
    ).map((entry) => entry.kind);
  const reservationOf = (orderId: string) =>
    rows<{ status: string }>(
      it_.billingDb.dataSource,
      'SELECT status FROM credit_reservations WHERE reference = $1',
      [`order:${orderId}`],
    );

  it('retouches three photos beside their originals: credits held, then spent once, the new photos last', async () => {
    // Two photos share a file name: their originals get names of their own.
    const { propertyId, photos } = await aPropertyWithPhotos(provider, '3 Retouch Row', [
      'kitchen.jpg',
      'lounge.jpg',
      'kitchen.jpg',
    ]);
    const before = await balanceOf(provider);

    const placed = await retouch(provider, propertyId, {
      photo_ids: photos.map((photo) => photo.id),
      retouch_options: ['brightness_colour', 'sky_replacement', 'object_removal'],
      instructions: 'Warmer light, please',
    }).expect(201);
    const order = placed.body.data;
    // 3 photos × (1 + 2 + 3) credits.
    expect(order).toMatchObject({
      kind: 'photo_retouching',
      status: 'placed',
      drawn_by: 'supplier',
      matterport_speed: null,
      credits: 18,
      retouch_options: ['brightness_colour', 'sky_replacement', 'object_removal'],
      retouch_delivery: 'beside',
      instructions: 'Warmer light, please',
      property_title: '3 Retouch Row',
    });
    const originals = order.files as OrderFile[];
    expect(
      originals.map((file) => [file.role, file.filename, file.photo_id, file.content_type, file.size]),
    ).toEqual([
      ['supporting', 'kitchen.jpg', photos[0]!.id, 'image/jpeg', photos[0]!.size],
      ['supporting', 'lounge.jpg', photos[1]!.id, 'image/jpeg', photos[1]!.size],
      ['supporting', 'kitchen-2.jpg', photos[2]!.id, 'image/jpeg', photos[2]!.size],
    ]);
    expect(await balanceOf(provider)).toMatchObject({
      available_balance: before.available_balance - 18,
      reserved_balance: before.reserved_balance + 18,
    });
    // The detail lists the originals too.
    const detail = await provider.get(`/provider/floorplan_orders/${order.id}`).expect(200);
    expect(detail.body.data.files.map((file: OrderFile) => file.id)).toEqual(
      originals.map((file) => file.id),
    );

    // In the retouching queue, not the floor plans'.
    const queue = await va.get('/virtual_assistant/photo_retouching_orders.json?status=placed').expect(200);
    expect(queue.body.data.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: order.id, kind: 'photo_retouching', retouch_delivery: 'beside' }),
      ]),
    );
    const floorplans = await va.get('/virtual_assistant/floorplan_orders/new_index.json').expect(200);
    expect(floorplans.body.data.items.map((item: { id: string }) => item.id)).not.toContain(order.id);

    // The supplier delivers one retouched photo per original, named after it (as a PNG).
    await assignAndStart(order.id);
    for (const name of ['kitchen.png', 'lounge.png', 'kitchen-2.png'])
      await deliver(order.id, name).expect(201);
    expect((await supplierDoes(order.id, 'validate').expect(201)).body.data).toEqual({
      ready: true,
      problems: [],
    });
    const finalised = await supplierDoes(order.id, 'finalise').expect(201);
    expect(finalised.body.data.status).toBe('delivered');

    // Properties adds them after the property's last photo, in order; the originals stay as they were.
    const after = await eventually(
      () => photosOf(provider, propertyId),
      (listed) => listed.length === 6,
      'the retouched photos beside the originals',
    );
    expect(after.slice(0, 3).map((photo) => [photo.id, photo.file_id, photo.position])).toEqual(
      photos.map((photo) => [photo.id, photo.file_id, photo.position]),
    );
    expect(after.slice(3).map((photo) => [photo.position, photo.filename, photo.content_type])).toEqual([
      [4, 'kitchen.png', 'image/png'],
      [5, 'lounge.png', 'image/png'],
      [6, 'kitchen-2.png', 'image/png'],
    ]);
    expect(new Set(after.map((photo) => photo.id)).size).toBe(6);

    // The credits are spent once; retouching makes no floor plan.
    await ordersSettled(it_);
    expect(await balanceOf(provider)).toMatchObject({
      available_balance: before.available_balance - 18,
      reserved_balance: before.reserved_balance,
    });
    expect(await ledgerOf(order.id)).toEqual(['spend']);
    expect(await reservationOf(order.id)).toEqual([{ status: 'captured' }]);
    // The billing page's export names its kind, as every order's.
    const csv = await provider.get('/provider/billing/orders.csv').expect(200);
    const row = csv.text
      .trim()
      .split('\r\n')
      .find((line) => line.startsWith(`${order.number},`));
    expect(row?.split(',').slice(2, 7)).toEqual([
      'photo_retouching',
      'supplier',
      '3 Retouch Row',
      'delivered',
      '18',
    ]);
    const variants = await provider
      .get(`/provider/orders/floorplan_variants.json?filters[property_id]=${propertyId}`)
      .expect(200);
    expect(variants.body.data.total_count).toBe(0);
    expect(
      (await provider.get(`/provider/properties/${propertyId}/floorplans`).expect(200)).body.data,
    ).toEqual([]);
    const steps = (await provider.get(`/provider/floorplan_orders/${order.id}`).expect(200)).body.data.steps;
    expect(steps.map((step: { step: string }) => step.step)).toEqual([
      'placed',
      'assigned',
      'in_progress',
      'delivered',
    ]);
  });

  it('puts an amendment’s photo in place of the one its line delivered beside the original, amended again too', async () => {
    const { propertyId, photos } = await aPropertyWithPhotos(provider, '9 Beside Lane', [
      'porch.jpg',
      'study.jpg',
    ]);
    const [porch, study] = photos as [Photo, Photo];
    const placed = await retouch(provider, propertyId, {
      photo_ids: [porch.id, study.id],
      retouch_options: ['brightness_colour'],
    }).expect(201);
    const order = placed.body.data;
    await assignAndStart(order.id);
    await deliver(order.id, 'porch.png').expect(201);
    await deliver(order.id, 'study.png').expect(201);
    await supplierDoes(order.id, 'finalise').expect(201);
    const delivered = await eventually(
      () => photosOf(provider, propertyId),
      (listed) => listed.length === 4,
      'the retouched photos beside the originals',
    );
    const [, , porchCopy, studyCopy] = delivered as [Photo, Photo, Photo, Photo];
    expect([porchCopy.filename, studyCopy.filename]).toEqual(['porch.png', 'study.png']);

    /** Amends `orderId` and has the supplier deliver `filename` alone: the amendment's id. */
    async function amendAndDeliver(orderId: string, filename: string): Promise<string> {
      const amended = await provider
        .send('post', `/provider/floorplan_orders/${orderId}/amend`, {
          amendment_form: { notes: `Redo ${filename}` },
        })
        .expect(201);
      const amendmentId = amended.body.data.id as string;
      await supplierDoes(amendmentId, 'start').expect(201);
      await deliver(amendmentId, filename).expect(201);
      await supplierDoes(amendmentId, 'finalise').expect(201);
      return amendmentId;
    }
    const listedAs = (listed: Photo[]) => listed.map((photo) => [photo.id, photo.position, photo.filename]);

    // The amendment redoes the porch: the porch's copy shows its file, in its place; nothing is added.
    const amendment = await amendAndDeliver(order.id, 'porch.png');
    const redone = await eventually(
      () => photosOf(provider, propertyId),
      (listed) => listed[2]?.file_id !== porchCopy.file_id,
      'the porch’s copy retouched again',
    );
    expect(listedAs(redone)).toEqual(listedAs(delivered));
    expect([redone[0]!.file_id, redone[1]!.file_id, redone[3]!.file_id]).toEqual([
      porch.file_id,
      study.file_id,
      studyCopy.file_id,
    ]);

    // An amendment of that amendment redoes the study: its copy too.
    await amendAndDeliver(amendment, 'study.png');
    const again = await eventually(
      () => photosOf(provider, propertyId),
      (listed) => listed[3]?.file_id !== studyCopy.file_id,
      'the study’s copy retouched again',
    );
    expect(listedAs(again)).toEqual(listedAs(delivered));
    expect(again[2]!.file_id).toBe(redone[2]!.file_id);

    // A copy the provider deleted is not brought back in its place: the next amendment's photo goes after the last.
    await provider.send('delete', `/provider/properties/${propertyId}/photos/${porchCopy.id}`).expect(200);
    await amendAndDeliver(order.id, 'porch.png');
    const afterDelete = await eventually(
      () => photosOf(provider, propertyId),
      (listed) => listed.length === 4 && listed[3]?.filename === 'porch.png',
      'the porch retouched again, after the last photo',
    );
    expect(afterDelete.slice(0, 3).map((photo) => photo.id)).toEqual([porch.id, study.id, studyCopy.id]);
    expect(afterDelete[3]!.id).not.toBe(porchCopy.id);
  });

  it('retouches photos in their place, and an amendment redoes only some of them', async () => {
    const { propertyId, photos } = await aPropertyWithPhotos(provider, '5 Replace Road', [
      'front.jpg',
      'garden.jpg',
      'hall.jpg',
    ]);
    const [front, garden, hall] = photos as [Photo, Photo, Photo];
    const before = await balanceOf(provider);
    const placed = await retouch(provider, propertyId, {
      photo_ids: [front.id, hall.id],
      retouch_options: ['sky_replacement'],
      retouch_delivery: 'replace',
    }).expect(201);
    const order = placed.body.data;
    // 2 photos × 2 credits.
    expect(order).toMatchObject({
      credits: 4,
      retouch_delivery: 'replace',
      retouch_options: ['sky_replacement'],
    });
    expect((order.files as OrderFile[]).map((file) => [file.filename, file.photo_id])).toEqual([
      ['front.jpg', front.id],
      ['hall.jpg', hall.id],
    ]);
    expect((await balanceOf(provider)).available_balance).toBe(before.available_balance - 4);

    await assignAndStart(order.id);
    await deliver(order.id, 'front.png').expect(201);
    await deliver(order.id, 'hall.png').expect(201);
    await supplierDoes(order.id, 'finalise').expect(201);

    // The same photos, in the same places, with the retouched files.
    const replaced = await eventually(
      () => photosOf(provider, propertyId),
      (listed) => listed[0]?.file_id !== front.file_id && listed[2]?.file_id !== hall.file_id,
      'the retouched photos in place of the originals',
    );
    expect(replaced.map((photo) => [photo.id, photo.position, photo.filename, photo.content_type])).toEqual([
      [front.id, 1, 'front.png', 'image/png'],
      [garden.id, 2, 'garden.jpg', 'image/jpeg'],
      [hall.id, 3, 'hall.png', 'image/png'],
    ]);
    expect(replaced[1]!.file_id).toBe(garden.file_id);
    expect(replaced[0]!.url).not.toBe(front.url);
    const retouched = await fetch(replaced[0]!.url);
    expect(retouched.status).toBe(200);
    expect(Buffer.from(await retouched.arrayBuffer())).toEqual(PNG);

    await ordersSettled(it_);
    expect(await balanceOf(provider)).toMatchObject({
      available_balance: before.available_balance - 4,
      reserved_balance: before.reserved_balance,
    });
    expect(await ledgerOf(order.id)).toEqual(['spend']);

    // The provider amends it: a new order, free, with its own copies of the same originals.
    const amended = await provider
      .send('post', `/provider/floorplan_orders/${order.id}/amend`, {
        amendment_form: { notes: 'The sky over the front is too blue' },
      })
      .expect(201);
    const amendment = amended.body.data;
    expect(amendment).toMatchObject({
      kind: 'photo_retouching',
      amends_order_id: order.id,
      status: 'placed',
      credits: 0,
      supplier_id: supplierId,
      retouch_options: ['sky_replacement'],
      retouch_delivery: 'replace',
      instructions: 'The sky over the front is too blue',
    });
    const copies = amendment.files as OrderFile[];
    expect(copies.map((file) => [file.role, file.filename, file.photo_id, file.content_type])).toEqual([
      ['supporting', 'front.jpg', front.id, 'image/jpeg'],
      ['supporting', 'hall.jpg', hall.id, 'image/jpeg'],
    ]);
    const firstOriginals = (order.files as OrderFile[]).map((file) => file.id);
    expect(copies.filter((file) => firstOriginals.includes(file.id))).toEqual([]);
    const amendments = await va
      .get('/virtual_assistant/amendments/photo_retouching.json?status=placed')
      .expect(200);
    expect(amendments.body.data.items.map((item: { id: string }) => item.id)).toContain(amendment.id);

    // The amendment redoes the front alone: the hall keeps its first retouching.
    await supplierDoes(amendment.id, 'start').expect(201);
    await deliver(amendment.id, 'front.png').expect(201);
    expect((await supplierDoes(amendment.id, 'validate').expect(201)).body.data).toEqual({
      ready: true,
      problems: [],
    });
    await supplierDoes(amendment.id, 'finalise').expect(201);
    const redone = await eventually(
      () => photosOf(provider, propertyId),
      (listed) => listed[0]?.file_id !== replaced[0]!.file_id,
      'the front retouched again',
    );
    expect(redone.map((photo) => [photo.id, photo.position, photo.filename])).toEqual([
      [front.id, 1, 'front.png'],
      [garden.id, 2, 'garden.jpg'],
      [hall.id, 3, 'hall.png'],
    ]);
    expect(redone[0]!.file_id).not.toBe(front.file_id);
    expect([redone[1]!.file_id, redone[2]!.file_id]).toEqual([garden.file_id, replaced[2]!.file_id]);
    await ordersSettled(it_);
    expect(await balanceOf(provider)).toMatchObject({
      available_balance: before.available_balance - 4,
      reserved_balance: before.reserved_balance,
    });

    // The originals were kept: the front shows its own again, however often it was retouched; once only.
    expect(redone.map((photo) => photo.retouched)).toEqual([true, false, true]);
    const restore = (photoId: string) =>
      provider.send('post', `/provider/properties/${propertyId}/photos/${photoId}/restore_original`);
    const restored = await restore(front.id).expect(201);
    expect(restored.body.data).toMatchObject({
      id: front.id,
      position: 1,
      file_id: front.file_id,
      filename: 'front.jpg',
      retouched: false,
    });
    const original = await fetch(restored.body.data.url as string);
    expect(original.status).toBe(200);
    expect((await photosOf(provider, propertyId)).map((photo) => [photo.id, photo.file_id])).toEqual([
      [front.id, front.file_id],
      [garden.id, garden.file_id],
      [hall.id, replaced[2]!.file_id],
    ]);
    for (const photoId of [front.id, garden.id]) {
      const refused = await restore(photoId).expect(409);
      expect(refused.body.errors.base).toEqual([
        'This photo shows what was uploaded: only a photo retouched in its place has an original to restore.',
      ]);
    }
    expect((await restore('00000000-0000-4000-8000-000000000000').expect(404)).body.errors.base).toEqual([
      'Photo not found',
    ]);
  });

  it('refuses in words, holding nothing: photos not the property’s, missing fields, a floor plan with photos', async () => {
    const { propertyId, photos } = await aPropertyWithPhotos(provider, '7 Refusal Row', ['porch.jpg']);
    const elsewhere = await aPropertyWithPhotos(provider, '8 Refusal Row', ['shed.jpg']);
    const stranger = await it_.signUp('Retouching Stranger Media');
    await giveCredits(admin, stranger.providerId, 50);
    const theirs = await aPropertyWithPhotos(stranger, '9 Stranger Street', ['attic.jpg']);
    const before = await balanceOf(provider);
    const options = { retouch_options: ['brightness_colour'] };

    // Another property's photo, a photo that does not exist.
    for (const photoIds of [
      [photos[0]!.id, elsewhere.photos[0]!.id],
      ['00000000-0000-4000-8000-000000000000'],
    ]) {
      const refused = await retouch(provider, propertyId, { photo_ids: photoIds, ...options }).expect(422);
      expect(refused.body.errors).toEqual({ 'floorplan_order.photo_ids': [NOT_THE_PROPERTYS_PHOTOS] });
    }
    // Another provider's property, even naming its photos; another provider's photos on a property of its own.
    const notFound = await retouch(provider, theirs.propertyId, {
      photo_ids: [theirs.photos[0]!.id],
      ...options,
    }).expect(404);
    expect(notFound.body.errors.base).toEqual(['Property not found']);
    const foreign = await retouch(stranger, theirs.propertyId, {
      photo_ids: [photos[0]!.id],
      ...options,
    }).expect(422);
    expect(foreign.body.errors).toEqual({ 'floorplan_order.photo_ids': [NOT_THE_PROPERTYS_PHOTOS] });

    // What retouching needs, missing; a photo listed twice.
    const noPhotos = await retouch(provider, propertyId, options).expect(422);
    expect(noPhotos.body.errors).toEqual({
      'floorplan_order.photo_ids': ['must list the photos to retouch'],
    });
    const noOptions = await retouch(provider, propertyId, { photo_ids: [photos[0]!.id] }).expect(422);
    expect(noOptions.body.errors).toEqual({
      'floorplan_order.retouch_options': ['must list what to do to the photos'],
    });
    const twice = await retouch(provider, propertyId, {
      photo_ids: [photos[0]!.id, photos[0]!.id],
      ...options,
    }).expect(422);
    expect(twice.body.errors).toEqual({ 'floorplan_order.photo_ids': ['lists a photo twice'] });

    // A floor plan sends none of retouching's fields.
    for (const [field, value] of [
      ['photo_ids', [photos[0]!.id]],
      ['retouch_options', ['sky_replacement']],
      ['retouch_delivery', 'replace'],
    ] as const) {
      const refused = await provider
        .send('post', '/provider/orders/floorplan_orders.json', {
          floorplan_order: { property_id: propertyId, kind: 'floorplan', [field]: value },
        })
        .expect(422);
      expect(refused.body.errors).toEqual({
        [`floorplan_order.${field}`]: [
          'is for photo retouching only: leave it out when ordering a floor plan',
        ],
      });
    }

    expect(await balanceOf(provider)).toEqual(before);
    expect((await balanceOf(stranger)).available_balance).toBe(50);
    const listed = await provider.get(`/provider/floorplan_orders?property_id=${propertyId}`).expect(200);
    expect(listed.body.data.total_count).toBe(0);
  });

  it('refuses to finalise until every photo has one retouched photo named after it, and keeps the originals', async () => {
    const { propertyId, photos } = await aPropertyWithPhotos(provider, '11 Finalise Lane', [
      'porch.jpg',
      'attic.jpg',
    ]);
    const id = (
      await retouch(provider, propertyId, {
        photo_ids: photos.map((photo) => photo.id),
        retouch_options: ['object_removal'],
      }).expect(201)
    ).body.data.id as string;
    await assignAndStart(id);
    const refusal = async (problems: string[]) => {
      expect((await supplierDoes(id, 'validate').expect(201)).body.data).toEqual({ ready: false, problems });
      const refused = await supplierDoes(id, 'finalise').expect(422);
      expect(refused.body.errors.base).toEqual([problems.join(' ')]);
    };

    await refusal([NO_PHOTOS_RETOUCHED]);
    // A retouched photo goes on the property as a photo: a PDF is refused, and nothing is delivered.
    const notAPhoto = await supplier
      .send('post', `/external_supplier/floorplan_orders/${id}/upload`)
      .attach('floorplan_file[file]', pdf(), { filename: 'porch.pdf', contentType: 'application/pdf' })
      .expect(422);
    expect(notAPhoto.body.errors).toEqual({ 'floorplan_file.file': [expect.stringMatching(/image/)] });
    await refusal([NO_PHOTOS_RETOUCHED]);
    await deliver(id, 'porch.png').expect(201);
    await refusal(['No retouched photo yet for attic.jpg: deliver one for every photo.']);
    const stranger = await deliver(id, 'garden.png').expect(201);
    await refusal([
      "garden.png is not one of this order's photos: name each retouched photo after its original.",
      'No retouched photo yet for attic.jpg: deliver one for every photo.',
    ]);
    await supplier
      .send('delete', `/external_supplier/floorplan_orders/${id}/files/${stranger.body.data.id}`)
      .expect(200);
    const again = await deliver(id, 'PORCH.png').expect(201);
    await deliver(id, 'attic.png').expect(201);
    await refusal(['porch.png and PORCH.png both retouch porch.jpg: deliver one.']);
    await supplier
      .send('delete', `/external_supplier/floorplan_orders/${id}/files/${again.body.data.id}`)
      .expect(200);

    // The originals stay with the order.
    const files = (await supplier.get(`/external_supplier/floorplan_orders/${id}`).expect(200)).body.data
      .files as OrderFile[];
    const original = files.find((file) => file.photo_id === photos[0]!.id)!;
    expect(original).toMatchObject({ role: 'supporting', filename: 'porch.jpg' });
    const kept = await supplier
      .send('delete', `/external_supplier/floorplan_orders/${id}/files/${original.id}`)
      .expect(409);
    expect(kept.body.errors.base).toEqual([ORIGINAL_STAYS]);

    expect((await supplierDoes(id, 'validate').expect(201)).body.data).toEqual({ ready: true, problems: [] });
    await supplierDoes(id, 'finalise').expect(201);
    const detail = await provider.get(`/provider/floorplan_orders/${id}`).expect(200);
    expect(
      (detail.body.data.files as OrderFile[]).map((file) => [file.role, file.filename, file.photo_id]),
    ).toEqual([
      ['supporting', 'porch.jpg', photos[0]!.id],
      ['supporting', 'attic.jpg', photos[1]!.id],
      ['delivered', 'porch.png', null],
      ['delivered', 'attic.png', null],
    ]);
    await eventually(
      () => photosOf(provider, propertyId),
      (listed) => listed.length === 4,
      'the retouched photos',
    );
  });

  it('cancels before work starts and gives the credits back', async () => {
    const { propertyId, photos } = await aPropertyWithPhotos(provider, '13 Cancel Close', [
      'bath.jpg',
      'bed.jpg',
    ]);
    const before = await balanceOf(provider);
    const placed = await retouch(provider, propertyId, {
      photo_ids: photos.map((photo) => photo.id),
      // An option named twice is charged once: 2 photos × (2 + 1).
      retouch_options: ['sky_replacement', 'sky_replacement', 'brightness_colour'],
    }).expect(201);
    const order = placed.body.data;
    expect(order).toMatchObject({ credits: 6, retouch_options: ['sky_replacement', 'brightness_colour'] });
    expect(await balanceOf(provider)).toMatchObject({
      available_balance: before.available_balance - 6,
      reserved_balance: before.reserved_balance + 6,
    });

    const cancelled = await provider
      .send('post', `/provider/floorplan_orders/${order.id}/cancel`, {
        cancellation_reason: 'Wrong photos',
      })
      .expect(201);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', cancellation_reason: 'Wrong photos' });
    await ordersSettled(it_);
    expect(await balanceOf(provider)).toEqual(before);
    // The hold's spend, given back.
    expect(await ledgerOf(order.id)).toEqual(['spend', 'release']);
    expect(await reservationOf(order.id)).toEqual([{ status: 'released' }]);
    // The property's photos are as they were.
    expect((await photosOf(provider, propertyId)).map((photo) => [photo.id, photo.file_id])).toEqual(
      photos.map((photo) => [photo.id, photo.file_id]),
    );
  });

  it('keeps the order to its parties: another provider and another supplier get 404', async () => {
    const { propertyId, photos } = await aPropertyWithPhotos(provider, '15 Private Parade', ['hall.jpg']);
    const id = (
      await retouch(provider, propertyId, {
        photo_ids: [photos[0]!.id],
        retouch_options: ['brightness_colour'],
      }).expect(201)
    ).body.data.id as string;
    const stranger = await it_.signUp('Retouching Outsider Media');
    const otherSupplier = await anotherSupplier(it_, `retouching.supplier.${Date.now()}@demo.test`);

    await stranger.get(`/provider/floorplan_orders/${id}`).expect(404);
    const cancel = await stranger
      .send('post', `/provider/floorplan_orders/${id}/cancel`, { cancellation_reason: 'Not mine' })
      .expect(404);
    expect(cancel.body.errors.base).toEqual(['Order not found']);
    expect((await stranger.get('/provider/floorplan_orders').expect(200)).body.data.total_count).toBe(0);

    await deliverOrder({ va, supplier }, id, 'hall.png');
    await otherSupplier.get(`/external_supplier/floorplan_orders/${id}`).expect(404);
    await stranger
      .send('post', `/provider/floorplan_orders/${id}/amend`, { amendment_form: { notes: 'Brighter' } })
      .expect(404);
    const delivered = await eventually(
      () => photosOf(provider, propertyId),
      (listed) => listed.length === 2,
      'the retouched hall',
    );
    expect(delivered.map((photo) => photo.filename)).toEqual(['hall.jpg', 'hall.png']);
    await stranger.get(`/provider/properties/${propertyId}/photos`).expect(404);
    await stranger
      .send('post', `/provider/properties/${propertyId}/photos/${photos[0]!.id}/restore_original`)
      .expect(404);
  });
});
