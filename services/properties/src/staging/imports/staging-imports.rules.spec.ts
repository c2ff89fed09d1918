import {
  categoryNamed,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  readImportCsv,
  rowBody,
  rowMessages,
  type CsvReading,
} from './staging-imports.rules';

const HEADER = 'model_url,name,category';

describe('reading a bulk upload CSV', () => {
  it.each<[string, string, CsvReading]>([
    [
      'the required columns',
      `${HEADER}\nhttps://models.example.com/sofa.glb,Sofa,sofas\n`,
      {
        rows: [
          {
            line: 2,
            fields: expect.objectContaining({
              model_url: 'https://models.example.com/sofa.glb',
              name: 'Sofa',
              category: 'sofas',
              credit_user_name: '',
            }) as never,
          },
        ],
      },
    ],
    [
      'a BOM, header case and spaces, quoted cells, blank lines, CRLF',
      '\ufeffName , MODEL_URL,Category\r\n\r\n"Sofa, grey",https://m.example.com/a.glb, Sofas \r\n',
      {
        rows: [
          {
            line: 3,
            fields: expect.objectContaining({
              model_url: 'https://m.example.com/a.glb',
              name: 'Sofa, grey',
              category: 'Sofas',
            }) as never,
          },
        ],
      },
    ],
    [
      'a quoted cell over two lines: the next row keeps its own line',
      `${HEADER},credit_user_name\nhttps://m.example.com/a.glb,"Two\nlines",sofas,Ann\nhttps://m.example.com/b.glb,B,beds,Bo\n`,
      {
        rows: [
          { line: 3, fields: expect.objectContaining({ name: 'Two\nlines' }) as never },
          { line: 4, fields: expect.objectContaining({ name: 'B', credit_user_name: 'Bo' }) as never },
        ],
      },
    ],
    ['an empty file', '', { refused: IMPORT_MESSAGES.noRows }],
    ['a header only', `${HEADER}\n`, { refused: IMPORT_MESSAGES.noRows }],
    [
      'a missing column',
      'model_url,name\nhttps://m.example.com/a.glb,Sofa\n',
      { refused: IMPORT_MESSAGES.missingColumns(['category']) },
    ],
    [
      'a column it does not know',
      `${HEADER},licence\nhttps://m.example.com/a.glb,Sofa,sofas,CC0\n`,
      { refused: IMPORT_MESSAGES.unknownColumns(['licence']) },
    ],
    [
      'a row short of a cell',
      `${HEADER}\nhttps://m.example.com/a.glb,Sofa\n`,
      { refused: IMPORT_MESSAGES.notCsv('Invalid Record Length: expect 3, got 2 on line 2') },
    ],
    [
      'an unclosed quote',
      `${HEADER}\nhttps://m.example.com/a.glb,"Sofa,sofas\n`,
      {
        refused: expect.stringMatching(/^is not a CSV file this upload can read: Quote Not Closed/) as never,
      },
    ],
  ])('%s', (_, text, reading) => {
    expect(readImportCsv(text)).toEqual(reading);
  });

  it('takes up to the row limit and refuses one more, saying how many', () => {
    const row = 'https://m.example.com/a.glb,Sofa,sofas\n';
    const most = readImportCsv(`${HEADER}\n${row.repeat(IMPORT_LIMITS.maxRows)}`);
    expect('rows' in most && most.rows.length).toBe(IMPORT_LIMITS.maxRows);
    expect(readImportCsv(`${HEADER}\n${row.repeat(IMPORT_LIMITS.maxRows + 1)}`)).toEqual({
      refused: 'holds 501 rows; a bulk upload takes at most 500: split the file',
    });
  });
});

describe('a row as the upload form', () => {
  const empty = {
    model_url: 'https://m.example.com/a.glb',
    name: 'Sofa',
    category: 'sofas',
    credit_model_uid: '',
    credit_model_name: '',
    credit_model_thumbnail_url: '',
    credit_user_name: '',
    credit_user_profile_url: '',
    credit_license_label: '',
    credit_license_url: '',
  };

  it('leaves an empty cell out, and the credit out unless one of its cells is filled', () => {
    expect(rowBody(empty)).toEqual({ modelUrl: empty.model_url, name: 'Sofa', category: 'sofas' });
    expect(rowBody({ ...empty, credit_user_name: 'Ann' })).toEqual({
      modelUrl: empty.model_url,
      name: 'Sofa',
      category: 'sofas',
      credit: { model: {}, user: { name: 'Ann' }, license: {} },
    });
  });

  it('names each refused field by its column', () => {
    expect(
      rowMessages({
        name: ['Required'],
        'credit.user.profile_url': ['Invalid URL'],
        base: ['A 3D model must be at most 25 MB'],
      }),
    ).toEqual(['name: Required', 'credit_user_profile_url: Invalid URL', 'A 3D model must be at most 25 MB']);
  });

  it.each([
    ['sofas', 'sofas'],
    ['Sofas', 'sofas'],
    [' LIGHTING ', 'lighting'],
    ['Kitchen', 'kitchen'],
    ['couches', undefined],
  ])('finds the category %j by id or name', (named, id) => {
    const categories = [
      { id: 'sofas', name: 'Sofas' },
      { id: 'lighting', name: 'Lighting' },
      { id: 'kitchen', name: 'Kitchen' },
    ];
    expect(categoryNamed(categories, named)).toBe(id);
  });
});
