import { ClientGone, rows } from '@tourly/platform';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { UploadsService } from '../src/uploads/uploads.service';
import { UploadsSweeper } from '../src/uploads/uploads.sweeper';
import {
  aProperty,
  cutUpload,
  jpeg,
  multipart,
  objectKeys,
  pdf,
  png,
  postMultipart,
  storageClient,
  type FilePart,
} from './media-support';
import { startProperties, type PropertiesAlone, type Person } from './support';

const UPLOADS = '/provider/temporary_uploads.json';
const MB100 = 1024e5;

/**
 * 001 §4, §5, §7 uploads (properties alone): files stream to storage, checked by their first bytes, limited to
 * 100MB (1024e5 bytes); presigned uploads straight to storage; unused uploads swept after a day.
 */
describe('temporary uploads', () => {
  let it_: PropertiesAlone;
  let provider: Person;
  let other: Person;
  let s3: S3Client;
  let bucket: string;

  beforeAll(async () => {
    it_ = await startProperties({ s3: true });
    provider = await it_.signUp('Upload Media');
    other = await it_.signUp('Other Upload Media');
    s3 = storageClient(it_);
    bucket = it_.storage!.bucket;
  });
  afterAll(async () => {
    s3?.destroy();
    await it_.stop();
  });

  const upload = (file: FilePart, person = provider, query = '') =>
    postMultipart(it_, person, `${UPLOADS}${query}`, multipart('temporary_upload[file]', file));
  const fileRows = async (providerId: string) =>
    (
      await rows<{ id: string }>(
        it_.propertiesDb.dataSource,
        'SELECT id FROM files WHERE provider_id = $1 ORDER BY id',
        [providerId],
      )
    ).map((row) => row.id);
  const keysOf = (person: Person) => objectKeys(s3, bucket, `uploads/${person.providerId}/`);

  it('stores an image and answers its id and file: url, sniffed content type, name, size, thumbnail, square', async () => {
    const image = await jpeg(900, 600);
    const answer = await upload({ filename: 'living room.jpg', contentType: 'image/jpeg', content: image });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      file: {
        url: expect.stringContaining(`/${bucket}/uploads/${provider.providerId}/`),
        content_type: 'image/jpeg',
        filename: 'living room.jpg',
        size: image.length,
        thumbnail_url: expect.stringContaining('/thumbnail.jpg'),
        width: 900,
        height: 600,
        square: false,
      },
    });
    // The presigned URL reads the very bytes; the thumbnail is a JPEG within 480 px.
    const file = answer.body.data!.file as { url: string; thumbnail_url: string };
    expect(Buffer.from(await (await fetch(file.url)).arrayBuffer()).equals(image)).toBe(true);
    const thumbnail = Buffer.from(await (await fetch(file.thumbnail_url)).arrayBuffer());
    expect(thumbnail.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    const squareish = await upload({ filename: 'tile.png', content: await png(500, 450) });
    expect(squareish.body.data!.file).toMatchObject({ content_type: 'image/png', square: true });
  });

  it('keeps an image named thumbnail.jpg apart from its own thumbnail', async () => {
    const image = await jpeg(900, 600);
    const answer = await upload({ filename: 'thumbnail.jpg', contentType: 'image/jpeg', content: image });
    expect(answer.status).toBe(201);
    const file = answer.body.data!.file as { url: string; thumbnail_url: string; filename: string };
    expect(file.filename).toBe('thumbnail.jpg');
    expect(new URL(file.url).pathname).not.toBe(new URL(file.thumbnail_url).pathname);
    expect(Buffer.from(await (await fetch(file.url)).arrayBuffer()).equals(image)).toBe(true);
    const thumbnail = Buffer.from(await (await fetch(file.thumbnail_url)).arrayBuffer());
    expect(thumbnail.equals(image)).toBe(false);
    expect(thumbnail.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it('keeps a file name in any script, and serves the file under it (RFC 5987 filename*)', async () => {
    const filename = 'Küche – 東京 ☀.pdf';
    const answer = await upload({ filename, contentType: 'application/pdf', content: pdf() });
    expect(answer.status).toBe(201);
    expect(answer.body.data!.file).toMatchObject({ filename, content_type: 'application/pdf' });
    const served = await fetch((answer.body.data!.file as { url: string }).url);
    expect(served.status).toBe(200);
    const disposition = served.headers.get('content-disposition')!;
    expect(disposition).toMatch(/^inline; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)![1]!)).toBe(filename);
    await served.body?.cancel();

    // A presigned upload keeps it too.
    const presigned = await provider.get(
      `/s3/params?filename=${encodeURIComponent(filename)}&type=application/pdf&size=100`,
    );
    expect(presigned.status).toBe(200);
    const stored = await rows<{ filename: string }>(
      it_.propertiesDb.dataSource,
      'SELECT filename FROM files WHERE id = $1',
      [presigned.body.data.id],
    );
    expect(stored).toEqual([{ filename }]);
  });

  it('goes by the bytes, not the name: a PDF renamed .jpg is a PDF, refused where an image is required', async () => {
    const renamed = { filename: 'photo.jpg', contentType: 'image/jpeg', content: pdf() };
    const accepted = await upload(renamed);
    expect(accepted.status).toBe(201);
    expect(accepted.body.data!.file).toMatchObject({
      content_type: 'application/pdf',
      filename: 'photo.jpg',
      thumbnail_url: null,
      square: null,
    });
    const before = await fileRows(provider.providerId);
    const refused = await upload(renamed, provider, '?accept=image');
    expect(refused).toEqual({
      status: 422,
      body: { errors: { 'temporary_upload.file': ['must be an image (JPEG, PNG, WebP or GIF)'] } },
    });
    expect(await fileRows(provider.providerId)).toEqual(before);
  });

  it('refuses other kinds of file, a missing file and an empty one, in the field’s words', async () => {
    const text = await upload({
      filename: 'notes.pdf',
      contentType: 'application/pdf',
      content: Buffer.from('just some text here'),
    });
    expect(text).toEqual({
      status: 422,
      body: { errors: { 'temporary_upload.file': ['must be an image (JPEG, PNG, WebP or GIF) or a PDF'] } },
    });
    const empty = await upload({ filename: 'empty.jpg', content: Buffer.alloc(0) });
    expect(empty).toEqual({ status: 422, body: { errors: { 'temporary_upload.file': ['Required'] } } });
    const elsewhere = await postMultipart(
      it_,
      provider,
      UPLOADS,
      multipart('file', { filename: 'a.jpg', content: await jpeg(10, 10) }),
    );
    expect(elsewhere).toEqual({ status: 422, body: { errors: { 'temporary_upload.file': ['Required'] } } });
    const badAccept = await upload(
      { filename: 'a.jpg', content: await jpeg(10, 10) },
      provider,
      '?accept=music',
    );
    expect(badAccept.status).toBe(422);
    expect(badAccept.body.errors).toEqual({ accept: ['must list one or more of: image, pdf, video, audio'] });
  });

  it('refuses a file of 100MB + 1 byte with the spec’s message, keeping nothing', async () => {
    const rowsBefore = await fileRows(provider.providerId);
    const keysBefore = await keysOf(provider);
    const tooLarge = await upload({
      filename: 'huge.pdf',
      content: { size: MB100 + 1, head: pdf() },
    });
    expect(tooLarge).toEqual({
      status: 413,
      body: { errors: { base: ['Uploaded file must be less than 100MB'] } },
    });
    expect(await fileRows(provider.providerId)).toEqual(rowsBefore);
    expect(await keysOf(provider)).toEqual(keysBefore);
  }, 120_000);

  it('leaves no row and no object when the upload is cut midway', async () => {
    const rowsBefore = await fileRows(provider.providerId);
    const keysBefore = await keysOf(provider);
    const uploads = it_.service.app.get(UploadsService);
    // The service's side of the upload: settled once it has given up on it and cleaned up.
    const gaveUp = new Promise<unknown>((resolve) => {
      const receive = uploads.receive.bind(uploads);
      jest.spyOn(uploads, 'receive').mockImplementationOnce((...args) => {
        const receiving = receive(...args);
        receiving.then(resolve, resolve);
        return receiving;
      });
    });
    const body = multipart('temporary_upload[file]', {
      filename: 'big.pdf',
      content: { size: 12e6, head: pdf() },
    });
    await cutUpload(it_, provider, UPLOADS, body, 8e6);
    expect(await gaveUp).toBeInstanceOf(ClientGone);
    expect(await fileRows(provider.providerId)).toEqual(rowsBefore);
    expect(await keysOf(provider)).toEqual(keysBefore);
  });

  it('presigns a direct upload to storage: PUT there, then the upload is checked when it is used', async () => {
    const garden = await jpeg(400, 400);
    const answer = await provider.get(`/s3/params?filename=garden.jpg&type=image/jpeg&size=${garden.length}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      url: expect.stringContaining(`/${bucket}/incoming/${provider.providerId}/`),
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
    });
    const { id, url } = answer.body.data as { id: string; url: string };
    const put = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      body: garden,
    });
    expect(put.status).toBe(200);
    const propertyId = await aProperty(provider);
    const photo = await provider.send('post', `/provider/properties/${propertyId}/photos/upload_single`, {
      photo: { temporary_upload_id: id },
    });
    expect(photo.status).toBe(201);
    expect(photo.body.data).toMatchObject({
      content_type: 'image/jpeg',
      width: 400,
      height: 400,
      square: true,
    });

    // A PDF sent straight to storage under an image's name is refused as a photo.
    const renamed = (
      await provider.get(`/s3/params?filename=kitchen.jpg&type=image/jpeg&size=${pdf().length}`)
    ).body.data;
    await fetch(renamed.url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: pdf() });
    const refused = await provider.send('post', `/provider/properties/${propertyId}/photos/upload_single`, {
      photo: { temporary_upload_id: renamed.id },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      'photo.temporary_upload_id': ['must be an image (JPEG, PNG, WebP or GIF)'],
    });

    // It may still be a floorplan (images or PDF), read back as what it is, whatever type was claimed.
    const floorplan = await provider.send(
      'post',
      `/provider/properties/${propertyId}/floorplans/upload_multiple`,
      {
        floorplan: { temporary_upload_ids: [renamed.id] },
      },
    );
    expect(floorplan.status).toBe(201);
    expect(floorplan.body.data[0]).toMatchObject({ content_type: 'application/pdf', name: 'kitchen' });
    const served = await fetch(floorplan.body.data[0].url);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    await served.body?.cancel();

    // Not sent yet: not usable yet.
    const unsent = (await provider.get('/s3/params?filename=later.jpg&type=image/jpeg&size=1000')).body.data;
    const early = await provider.send('post', `/provider/properties/${propertyId}/photos/upload_single`, {
      photo: { temporary_upload_id: unsent.id },
    });
    expect(early.status).toBe(422);
    expect(early.body.errors).toEqual({
      'photo.temporary_upload_id': ['has not reached storage yet: wait for the upload to finish'],
    });

    const blank = await provider.get('/s3/params?filename=&type=image/jpeg&size=1000');
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual({ filename: ['Required'] });
    const html = await provider.get('/s3/params?filename=page.html&type=text/html&size=1000');
    expect(html.status).toBe(422);
    expect(html.body.errors).toEqual({
      type: [
        'must be an image (JPEG, PNG, WebP or GIF), a PDF, a video (MP4, MOV or WebM) or an audio file (MP3, M4A, OGG or WAV)',
      ],
    });
  });

  it('keeps the bytes it checked: a presigned URL used again after the attach changes nothing the photo serves', async () => {
    const garden = await jpeg(320, 240);
    const signed = (await provider.get(`/s3/params?filename=garden.png&type=image/png&size=${garden.length}`))
      .body.data as { id: string; url: string };
    const sent = await fetch(signed.url, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: garden,
    });
    expect(sent.status).toBe(200);
    const propertyId = await aProperty(provider, 'Swapped Garden');
    const attached = await provider.send('post', `/provider/properties/${propertyId}/photos/upload_single`, {
      photo: { temporary_upload_id: signed.id },
    });
    expect(attached.status).toBe(201);
    expect(attached.body.data).toMatchObject({ content_type: 'image/jpeg', width: 320, height: 240 });

    // The same presigned URL, still within its 15 minutes: a page of HTML of the very same size and declared type.
    const html = Buffer.alloc(garden.length, ' ');
    html.write('<html><script>alert(document.cookie)</script></html>');
    const swapped = await fetch(signed.url, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: html,
    });
    await swapped.body?.cancel();

    const photos = await provider.get(`/provider/properties/${propertyId}/photos`);
    const photo = (photos.body.data as Array<{ id: string; url: string }>).find(
      (each) => each.id === attached.body.data.id,
    )!;
    const served = await fetch(photo.url);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(garden)).toBe(true);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('binds a presigned upload to its size and type: storage refuses any other, and over 100MB nothing is signed', async () => {
    const image = await jpeg(300, 200);
    const signed = (await provider.get(`/s3/params?filename=porch.jpg&type=image/jpeg&size=${image.length}`))
      .body.data as { id: string; url: string };
    expect(new URL(signed.url).searchParams.get('X-Amz-SignedHeaders')).toBe(
      'content-length;content-type;host',
    );
    const keyOf = (url: string) => decodeURIComponent(new URL(url).pathname.replace(`/${bucket}/`, ''));

    // Larger than said (a huge file behind a small size), another type, or no length: refused by storage.
    const larger = await fetch(signed.url, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      body: Buffer.concat([image, Buffer.alloc(4 * 1024 * 1024)]),
    });
    expect(larger.status).toBe(403);
    await larger.body?.cancel();
    const html = await fetch(signed.url, {
      method: 'PUT',
      headers: { 'content-type': 'text/html' },
      body: image,
    });
    expect(html.status).toBe(403);
    await html.body?.cancel();
    expect(await objectKeys(s3, bucket, keyOf(signed.url))).toEqual([]);
    const exact = await fetch(signed.url, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      body: image,
    });
    expect(exact.status).toBe(200);
    expect(await objectKeys(s3, bucket, keyOf(signed.url))).toEqual([keyOf(signed.url)]);

    const tooLarge = await provider.get(`/s3/params?filename=huge.mp4&type=video/mp4&size=${MB100 + 1}`);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.errors).toEqual({ base: ['Uploaded file must be less than 100MB'] });
    expect((await provider.get(`/s3/params?filename=full.mp4&type=video/mp4&size=${MB100}`)).status).toBe(
      200,
    );
    for (const size of ['', '0', 'abc']) {
      const refused = await provider.get(`/s3/params?filename=empty.jpg&type=image/jpeg&size=${size}`);
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({
        size: [size === 'abc' ? 'must be a whole number of bytes' : 'Required'],
      });
    }
    const missing = await provider.get('/s3/params?filename=empty.jpg&type=image/jpeg');
    expect(missing.body.errors).toEqual({ size: ['Required'] });
  });

  it('keeps uploads to their provider: another provider cannot use them', async () => {
    const id = (await upload({ filename: 'mine.jpg', content: await jpeg(100, 100) })).body.data!.id;
    const theirProperty = await aProperty(other, 'Their place');
    const taken = await other.send('post', `/provider/properties/${theirProperty}/photos/upload_single`, {
      photo: { temporary_upload_id: id },
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({
      'photo.temporary_upload_id': [
        'is not an upload of yours that is waiting to be used (it may have expired)',
      ],
    });
    const anonymous = await it_.http
      .post(UPLOADS)
      .set('content-type', 'multipart/form-data; boundary=x')
      .send('');
    expect(anonymous.status).toBe(401);
  });

  it('sweeps temporary uploads never used after a day, with their objects; used and recent ones stay', async () => {
    const stale = (await upload({ filename: 'stale.jpg', content: await jpeg(50, 50) })).body.data!;
    const fresh = (await upload({ filename: 'fresh.jpg', content: await jpeg(50, 50) })).body.data!;
    const staleKeys = (await keysOf(provider)).filter((key) => key.includes(stale.id));
    expect(staleKeys).toHaveLength(2); // the file and its thumbnail
    await it_.propertiesDb.dataSource.query(
      "UPDATE files SET created_at = now() - interval '25 hours' WHERE id = $1",
      [stale.id],
    );
    await it_.service.app.get(UploadsSweeper).sweepNow();
    const rows = await fileRows(provider.providerId);
    expect(rows).not.toContain(stale.id);
    expect(rows).toContain(fresh.id);
    const keys = await keysOf(provider);
    expect(keys.filter((key) => key.includes(stale.id))).toEqual([]);
    expect(keys.some((key) => key.includes(fresh.id))).toBe(true);
    await expect(s3.send(new GetObjectCommand({ Bucket: bucket, Key: staleKeys[0] }))).rejects.toThrow();
  });

  it('stores a file of 12 MB in parts and reads back the same bytes', async () => {
    const head = pdf();
    const answer = await upload({ filename: 'plans.pdf', content: { size: 12e6, head } });
    expect(answer.status).toBe(201);
    const file = answer.body.data!.file as { url: string; size: number };
    expect(file.size).toBe(12e6);
    const stored = await fetch(file.url);
    expect(Number(stored.headers.get('content-length'))).toBe(12e6);
    expect(stored.headers.get('content-type')).toBe('application/pdf');
    await stored.body?.cancel();
  });
});
