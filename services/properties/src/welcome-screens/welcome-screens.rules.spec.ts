import { describe, expect, it } from '@jest/globals';
import { filesLetGo, planFiles, uploadKindOf } from './welcome-screens.rules';

const A = '0190aaaa-0000-7000-8000-000000000001';
const B = '0190aaaa-0000-7000-8000-000000000002';

describe('uploadKindOf', () => {
  it.each([
    ['no_media', null],
    ['photo', 'image'],
    ['video', 'video'],
  ] as const)('%s takes %s', (type, kind) => expect(uploadKindOf(type)).toBe(kind));
});

describe('planFiles', () => {
  it.each([
    ['no media, whatever file is named', [{ type: 'no_media', fileId: A }], [{ screen: 0, use: 'none' }]],
    ['a photo without a file', [{ type: 'photo', fileId: null }], [{ screen: 0, use: 'missing' }]],
    [
      'a photo the sequence holds',
      [{ type: 'photo', fileId: A.toUpperCase() }],
      [{ screen: 0, use: 'kept', fileId: A, kind: 'image' }],
    ],
    ['a new video', [{ type: 'video', fileId: B }], [{ screen: 0, use: 'new', fileId: B, kind: 'video' }]],
  ] as const)('%s', (_name, screens, expected) => {
    expect(planFiles(screens, new Set([A]))).toEqual(expected);
  });
});

describe('filesLetGo', () => {
  it('lets go of the files no screen keeps', () => {
    const held = new Set([A, B]);
    expect(filesLetGo(held, planFiles([{ type: 'photo', fileId: A }], held))).toEqual([B]);
    expect(filesLetGo(held, planFiles([{ type: 'no_media', fileId: A }], held))).toEqual([A, B]);
    expect(filesLetGo(held, [])).toEqual([A, B]);
  });
});
