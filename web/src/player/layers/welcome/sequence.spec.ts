import { describe, expect, it } from '@jest/globals';
import { ENGLISH_WELCOME_WORDS, paragraphsOf, screenButtons } from './sequence';

const screens = (...labels: string[]) => labels.map((buttonLabel) => ({ buttonLabel }));

describe('screenButtons', () => {
  it.each([
    ['the first of three, no label', screens('', '', ''), 0, { main: 'Next', last: false, skip: true }],
    ['the last of three', screens('', '', ''), 2, { main: 'Start the tour', last: true, skip: false }],
    ['a single screen', screens(''), 0, { main: 'Start the tour', last: true, skip: false }],
    [
      'a label of its own',
      screens(' See the view ', ''),
      0,
      { main: 'See the view', last: false, skip: true },
    ],
    ['a label on the last', screens('', 'Come in'), 1, { main: 'Come in', last: true, skip: false }],
  ])('%s', (_name, list, index, expected) => {
    expect(screenButtons(list, index, ENGLISH_WELCOME_WORDS)).toEqual(expected);
  });
});

describe('paragraphsOf', () => {
  it.each([
    ['', []],
    ['One line', ['One line']],
    ['First\nstill first\n\nSecond\n\n\n  \n\nThird', ['First\nstill first', 'Second', 'Third']],
  ])('%j', (text, expected) => expect(paragraphsOf(text)).toEqual(expected));
});
