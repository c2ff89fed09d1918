import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { attachmentDisposition, csvStream, keysetBatches, sendCsv, type CsvCell } from './csv';

async function textOf(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
}

describe('csvStream', () => {
  type Row = Record<'a' | 'b', CsvCell>;
  const columns = ['a', { key: 'b', header: 'second column' }] as const;

  it.each<[string, Row[], string]>([
    ['a header row alone without rows', [], 'a,second column\r\n'],
    ['plain cells, CRLF between records', [{ a: 'x', b: 1 }], 'a,second column\r\nx,1\r\n'],
    [
      'a comma and a quote, quoted',
      [{ a: 'Smith, "Jo"', b: 'y' }],
      'a,second column\r\n"Smith, ""Jo""",y\r\n',
    ],
    ['a line break, quoted', [{ a: 'two\nlines', b: 'cr\r' }], 'a,second column\r\n"two\nlines","cr\r"\r\n'],
    ['null and undefined, empty', [{ a: null, b: undefined }], 'a,second column\r\n,\r\n'],
    [
      'dates in ISO 8601 UTC',
      [{ a: new Date('2026-01-02T03:04:05.678+02:00'), b: true }],
      'a,second column\r\n2026-01-02T01:04:05.678Z,true\r\n',
    ],
    [
      'text a spreadsheet would run, defused; numbers kept',
      [
        { a: '=HYPERLINK("x")', b: -5 },
        { a: '+1', b: '@SUM(A1)' },
      ],
      'a,second column\r\n"\'=HYPERLINK(""x"")",-5\r\n\'+1,\'@SUM(A1)\r\n',
    ],
    [
      'non-ASCII text as UTF-8',
      [{ a: 'Zoë – Ōtautahi', b: false }],
      'a,second column\r\nZoë – Ōtautahi,false\r\n',
    ],
  ])('%s', async (_case, rows, text) => {
    expect(await textOf(csvStream<Row>(columns, rows))).toBe(text);
  });
});

describe('keysetBatches', () => {
  const all = Array.from({ length: 7 }, (_, index) => ({ id: index + 1 }));
  const reader = () => {
    const calls: Array<[number | undefined, number]> = [];
    const read = async (after: number | undefined, limit: number) => {
      calls.push([after, limit]);
      return all.filter((row) => after === undefined || row.id > after).slice(0, limit);
    };
    return { calls, read };
  };

  it.each([
    [
      3,
      [
        [undefined, 3],
        [3, 3],
        [6, 3],
      ],
    ],
    [
      7,
      [
        [undefined, 7],
        [7, 7],
      ],
    ],
    [10, [[undefined, 10]]],
  ])('reads every row in batches of %i, each after the last key', async (size, expected) => {
    const { calls, read } = reader();
    const seen: number[] = [];
    for await (const row of keysetBatches(read, (row) => row.id, size)) seen.push(row.id);
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(calls).toEqual(expected);
  });

  it('reads the next batch only when the rows before it are taken', async () => {
    const { calls, read } = reader();
    const rows = keysetBatches(read, (row) => row.id, 2);
    await rows.next();
    await rows.next();
    expect(calls).toHaveLength(1);
    await rows.next();
    expect(calls).toHaveLength(2);
    await rows.return();
  });
});

describe('attachmentDisposition', () => {
  it.each([
    ['voucher-SUMMER-redemptions.csv', 'attachment; filename="voucher-SUMMER-redemptions.csv"'],
    ['a "b".csv', 'attachment; filename="a _b_.csv"; filename*=UTF-8\'\'a%20%22b%22.csv'],
    ['Zoë.csv', 'attachment; filename="Zo_.csv"; filename*=UTF-8\'\'Zo%C3%AB.csv'],
  ])('%s', (filename, header) => {
    expect(attachmentDisposition(filename)).toBe(header);
  });
});

describe('sendCsv', () => {
  const app = Fastify();
  let base: string;

  beforeAll(async () => {
    app.get('/ok.csv', (_request, reply) => {
      sendCsv(reply, { filename: 'ok.csv', columns: ['n'], rows: [{ n: 1 }, { n: 2 }] });
    });
    app.get('/broken.csv', (_request, reply) => {
      async function* rows() {
        for (let n = 0; n < 2000; n++) yield { n: `${n}`.padStart(200, '.') };
        throw new Error('the database went away');
      }
      sendCsv(reply, { filename: 'broken.csv', columns: ['n'], rows: rows() });
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => app.close());

  function fetchRaw(
    path: string,
  ): Promise<{ headers: Record<string, unknown>; body: string; complete: boolean }> {
    return new Promise((resolve, reject) => {
      get(`${base}${path}`, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ headers: response.headers, body, complete: response.complete }));
        response.on('error', () => resolve({ headers: response.headers, body, complete: false }));
        response.on('aborted', () => resolve({ headers: response.headers, body, complete: false }));
      }).on('error', reject);
    });
  }

  it('streams the CSV as an attachment, never cached', async () => {
    const answer = await fetchRaw('/ok.csv');
    expect(answer).toEqual({
      headers: expect.objectContaining({
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="ok.csv"',
        'cache-control': 'no-store',
        'transfer-encoding': 'chunked',
      }),
      body: 'n\r\n1\r\n2\r\n',
      complete: true,
    });
  });

  it('cuts the download short when reading the rows fails, so it never looks whole', async () => {
    const answer = await fetchRaw('/broken.csv');
    expect(answer.complete).toBe(false);
    expect(answer.body.startsWith('n\r\n')).toBe(true);
  });
});
