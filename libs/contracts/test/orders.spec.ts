import { orderCredits, retouchingCredits, retouchingSummary, workshopSummary } from '../src/orders';

describe('an order', () => {
  it('prices retouching per photo, the sum of its options, and floor plans by kind or speed', () => {
    expect(retouchingCredits(3, ['brightness_colour', 'sky_replacement'])).toBe(9);
    expect(retouchingCredits(2, ['object_removal'])).toBe(6);
    expect(orderCredits('photo_retouching', null, { photos: 4, options: ['brightness_colour'] })).toBe(4);
    expect(orderCredits('trueplan', null)).toBe(10);
    expect(orderCredits('schematic_floorplan', 'urgent')).toBe(8);
  });

  it('says what a retouching order asks', () => {
    const original = { photoId: '0190f3a0-0000-7000-8000-000000000001' };
    expect(
      retouchingSummary({
        retouchOptions: ['brightness_colour', 'sky_replacement'],
        retouchDelivery: 'beside',
        files: [original, original, { photoId: null }],
      }),
    ).toBe('2 photos: Brightness and colour, Sky replacement; beside the originals');
    expect(
      retouchingSummary({
        retouchOptions: ['object_removal'],
        retouchDelivery: 'replace',
        files: [original],
      }),
    ).toBe('1 photo: Object removal; in place of the originals');
  });

  it('prices the workshop assistant by the sum of its tasks and names them', () => {
    expect(orderCredits('workshop_assistant', null, null, ['menu', 'welcome_screen'])).toBe(6);
    expect(
      orderCredits('workshop_assistant', null, null, ['overlay', 'menu', 'welcome_screen', 'guided_tour']),
    ).toBe(10);
    expect(workshopSummary(['overlay', 'guided_tour'])).toBe('Overlay (logos, title, banner), Guided tour');
    expect(workshopSummary(null)).toBe('');
  });
});
