import {
  AUDIO_MESSAGES,
  defaultAudioName,
  roomNarrationRefusals,
  unknownAudioRefusals,
} from './audio-tours.rules';

describe('audio tour rules', () => {
  it.each([
    ['narration.mp3', 'narration'],
    ['Kitchen tour.M4A', 'Kitchen tour'],
    ['music', 'music'],
    ['.ogg', '.ogg'],
    ['a'.repeat(200) + '.wav', 'a'.repeat(120)],
  ])('names %s %s', (filename, name) => {
    expect(defaultAudioName(filename)).toBe(name);
  });

  it.each([
    [[], {}],
    [['Kitchen', 'Lounge'], {}],
    [['Kitchen', 'Lounge', ' kitchen '], { 'audioTour.roomNarrations.2.room': AUDIO_MESSAGES.roomTwice }],
  ])('rooms %j', (rooms, refusals) => {
    expect(roomNarrationRefusals(rooms)).toEqual(refusals);
  });

  const mine = 'AAAAAAAA-0000-4000-8000-000000000001';
  it.each([
    [[{ field: 'a', id: mine }], {}],
    [[{ field: 'a', id: null }], {}],
    [[{ field: 'a', id: mine.replace('1', '2') }], { a: AUDIO_MESSAGES.notYourAudioFile }],
  ])('files %j', (named, refusals) => {
    expect(unknownAudioRefusals(named, new Set([mine.toLowerCase()]))).toEqual(refusals);
  });

  it('says where a file in use is played', () => {
    expect(AUDIO_MESSAGES.inUse(['Harbour View'])).toBe(
      'is played in the tour of Harbour View: take it out of that tour first',
    );
    expect(AUDIO_MESSAGES.inUse(['A', 'B'])).toBe(
      'is played in the tour of A, B: take it out of those tours first',
    );
  });
});
