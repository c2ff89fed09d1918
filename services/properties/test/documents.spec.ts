import { request as httpRequest } from 'node:http';
import { aProperty, jpeg, multipart, objectKeys, pdf, postMultipart, storageClient } from './media-support';
import { headersOf, startProperties, type PropertiesAlone, type Person } from './support';
import { readZip } from '../../../test/support/zip';

/**
 * 001 §2, §5, §7, §9 documents: 'Upload documents', PDF only (by content), listed newest first with page and
 * page_size (10 by default), removed by id, and downloaded together as one zip.
 */
describe('documents of a property', () => {
  let it_: PropertiesAlone;
  let provider: Person;
  let other: Person;
  let propertyId: string;

  beforeAll(async () => {
    it_ = await startProperties({ s3: true });
    provider = await it_.signUp('Document Media');
    other = await it_.signUp('Other Document Media');
    propertyId = await aProperty(provider, 'Riverside Cottage');
  });
  afterAll(() => it_.stop());

  const documents = (id = propertyId) => `/provider/properties/${id}/documents`;
  const addDocument = (filename: string, content: Buffer, person = provider, id = propertyId) =>
    postMultipart(it_, person, documents(id), multipart('document[file]', { filename, content }));

  it('adds a PDF and answers it as a document: id, file id, filename, size, mime type, url', async () => {
    const content = pdf('Contract of sale');
    const added = await addDocument('Contract of sale.pdf', content);
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({
      kind: 'document',
      source: 'uploaded',
      name: 'Contract of sale.pdf',
      filename: 'Contract of sale.pdf',
      size: content.length,
      mime_type: 'application/pdf',
      content_type: 'application/pdf',
      file_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    const stored = await fetch(added.body.data!.url as string);
    expect(Buffer.from(await stored.arrayBuffer()).equals(content)).toBe(true);
  });

  it('refuses anything but a PDF, by content: an image renamed .pdf, and no file at all', async () => {
    const renamed = await addDocument('floorplan.pdf', await jpeg(20, 20));
    expect(renamed).toEqual({ status: 422, body: { errors: { 'document.file': ['must be a PDF'] } } });
    const none = await postMultipart(
      it_,
      provider,
      documents(),
      multipart('temporary_upload[file]', { filename: 'a.pdf', content: pdf() }),
    );
    expect(none).toEqual({ status: 422, body: { errors: { 'document.file': ['Required'] } } });
  });

  it('lists newest first, 10 to a page by default, and deletes by ids', async () => {
    const property = await aProperty(provider, 'Paged Documents');
    const ids: string[] = [];
    for (let n = 1; n <= 11; n += 1) {
      ids.push((await addDocument(`doc-${n}.pdf`, pdf(`doc ${n}`), provider, property)).body.data!.id);
    }
    const first = await provider.get(documents(property));
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ current_page: 1, total_pages: 2, total_count: 11 });
    expect(first.body.data.items).toHaveLength(10);
    expect(first.body.data.items[0].filename).toBe('doc-11.pdf');
    const second = await provider.get(`${documents(property)}?page=2`);
    expect(second.body.data.items.map((d: { filename: string }) => d.filename)).toEqual(['doc-1.pdf']);
    const small = await provider.get(`${documents(property)}?page=1&page_size=4`);
    expect(small.body.data).toMatchObject({ current_page: 1, total_pages: 3, total_count: 11 });

    const removed = await provider.send('delete', `${documents(property)}?ids[]=${ids[0]}&ids[]=${ids[1]}`);
    expect(removed.status).toBe(200);
    expect(removed.body.data.ids.sort()).toEqual([ids[0], ids[1]].sort());
    const one = await provider.send('delete', `${documents(property)}/${ids[2]}`);
    expect(one.body.data).toEqual({ ids: [ids[2]] });
    const gone = await provider.send('delete', `${documents(property)}/${ids[2]}`);
    expect(gone.status).toBe(404);
    expect(gone.body.errors).toEqual({ base: ['Document not found'] });
    expect((await provider.get(documents(property))).body.data.total_count).toBe(8);
    const noIds = await provider.send('delete', documents(property));
    expect(noIds.status).toBe(422);
    expect(noIds.body.errors).toEqual({ ids: ['Required'] });
  });

  it('downloads every document of the property as one zip, streamed, names kept apart and in any script', async () => {
    const property = await aProperty(provider, 'Zip House');
    const files: Array<[string, Buffer]> = [
      ['Brochure.pdf', pdf('brochure')],
      ['Strata report.pdf', pdf('strata')],
      ['Brochure.pdf', pdf('brochure, second edition')],
      ['Küche – 東京.pdf', pdf('kitchen')],
    ];
    for (const [name, content] of files) await addDocument(name, content, provider, property);
    const download = await getBinary(provider, `${documents(property)}/download.zip`);
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toContain(
      'attachment; filename="zip-house-documents.zip"',
    );
    const entries = readZip(download.body);
    expect(entries.map((entry) => entry.name)).toEqual([
      'Brochure.pdf',
      'Strata report.pdf',
      'Brochure (2).pdf',
      'Küche – 東京.pdf',
    ]);
    // Names outside ASCII are marked UTF-8 (general purpose bit 11), so unzip tools read them as written.
    expect(entries.filter((entry) => /[^\x20-\x7e]/.test(entry.name)).map((entry) => entry.utf8)).toEqual([
      true,
    ]);
    expect(entries.map((entry) => entry.data.toString())).toEqual(
      files.map(([, content]) => content.toString()),
    );

    const empty = await getBinary(provider, `${documents(await aProperty(provider, 'Empty'))}/download.zip`);
    expect(empty.status).toBe(200);
    expect(readZip(empty.body)).toEqual([]);
  });

  it('answers 404 for another provider’s property, storing nothing of the file sent', async () => {
    const s3 = storageClient(it_);
    const before = await objectKeys(s3, it_.storage!.bucket, `uploads/${other.providerId}/`);
    const theirs = await addDocument('mine.pdf', pdf(), other, propertyId);
    expect(theirs).toEqual({ status: 404, body: { errors: { base: ['Property not found'] } } });
    expect(await objectKeys(s3, it_.storage!.bucket, `uploads/${other.providerId}/`)).toEqual(before);
    expect((await other.get(documents())).status).toBe(404);
    s3.destroy();
  });

  function getBinary(person: Person, path: string) {
    return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
      (resolve, reject) => {
        httpRequest(
          `${it_.base}${path}`,
          { headers: { ...headersOf(person), accept: 'application/zip' } },
          async (response) => {
            const chunks: Buffer[] = [];
            for await (const chunk of response) chunks.push(chunk as Buffer);
            resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) });
          },
        )
          .on('error', reject)
          .end();
      },
    );
  }
});
