import { parseScanKey } from '../src/scan-keys/scan-key';

/** 001 §5: every form of Matterport key or link a provider pastes, the id extracted, the start position kept. */
describe('scan-model keys', () => {
  it.each([
    ['a bare id', 'SxQL3iGyoDo', 'SxQL3iGyoDo', null],
    ['a bare id of exactly 5 characters', 'ab12C', 'ab12C', null],
    ['a bare id with spaces around it', '  SxQL3iGyoDo ', 'SxQL3iGyoDo', null],
    ['the show page', 'https://my.matterport.com/show/?m=SxQL3iGyoDo', 'SxQL3iGyoDo', null],
    [
      'the show page with start',
      'https://my.matterport.com/show/?m=SxQL3iGyoDo&start=abc123',
      'SxQL3iGyoDo',
      'start=abc123',
    ],
    [
      'the show page with ss and sr',
      'https://my.matterport.com/show/?m=SxQL3iGyoDo&ss=42&sr=-2.9,1.1',
      'SxQL3iGyoDo',
      'ss=42&sr=-2.9,1.1',
    ],
    ['the show page without its scheme', 'my.matterport.com/show/?m=SxQL3iGyoDo&play=1', 'SxQL3iGyoDo', null],
    ['the models page', 'https://my.matterport.com/models/SxQL3iGyoDo', 'SxQL3iGyoDo', null],
    [
      'the models page with a trailing path',
      'https://my.matterport.com/models/SxQL3iGyoDo/edit',
      'SxQL3iGyoDo',
      null,
    ],
    ['a Discover space', 'https://discover.matterport.com/space/SxQL3iGyoDo', 'SxQL3iGyoDo', null],
    [
      'a Discover space with a title slug',
      'https://matterport.com/discover/space/SxQL3iGyoDo-12-harbour-view',
      'SxQL3iGyoDo',
      null,
    ],
    [
      'an embed show link',
      'https://my.matterport.com/embed/show/?m=SxQL3iGyoDo&brand=0',
      'SxQL3iGyoDo',
      null,
    ],
    [
      'an iframe snippet',
      '<iframe width="853" height="480" src="https://my.matterport.com/show/?m=SxQL3iGyoDo&amp;ss=3&amp;sr=1.5" allow="xr-spatial-tracking"></iframe>',
      'SxQL3iGyoDo',
      'ss=3&sr=1.5',
    ],
    [
      'a showcase html file',
      'https://static.matterport.com/showcase/latest/showcase.html?m=SxQL3iGyoDo',
      'SxQL3iGyoDo',
      null,
    ],
    ['a showcase html per model', 'https://tours.example.com/showcase/SxQL3iGyoDo.html', 'SxQL3iGyoDo', null],
    [
      'any other show URL',
      'https://tours.example-agency.com/show/?m=SxQL3iGyoDo&start=7',
      'SxQL3iGyoDo',
      'start=7',
    ],
    [
      'ss without sr, keeping no start',
      'https://my.matterport.com/show/?m=SxQL3iGyoDo&ss=4',
      'SxQL3iGyoDo',
      null,
    ],
  ])('reads %s', (_form, input, modelId, startPosition) => {
    expect(parseScanKey(input)).toEqual({ modelId, startPosition });
  });

  it.each([
    ['an empty value', ''],
    ['an id shorter than 5', 'ab12'],
    ['an id with punctuation', 'SxQL3-iGy'],
    ['a link without a model', 'https://my.matterport.com/show/'],
    ['a link whose model id is too short', 'https://my.matterport.com/show/?m=ab1'],
    ['text that is no link', 'not a url at all'],
  ])('refuses %s', (_form, input) => {
    expect(parseScanKey(input)).toBeNull();
  });
});
