import { withdrawalMail } from './withdrawals.rules';

const PROVIDER = '0190f1c2-7a3b-7c4d-8e5f-1a2b3c4d5e6f';
const [A, B, C] = [
  '0190f1c2-0000-7000-8000-00000000000a',
  '0190f1c2-0000-7000-8000-00000000000b',
  '0190f1c2-0000-7000-8000-00000000000c',
];

describe('the mail on the day tours and websites stop being shared', () => {
  it('names every tour and website by its title, says why and how to share them again', () => {
    const mail = withdrawalMail(
      'owner@harbour.test',
      {
        providerId: PROVIDER,
        productCode: 'free_tier_plan',
        tourPropertyIds: [A, B],
        websitePropertyIds: [A],
        properties: [
          { propertyId: A, title: 'Harbour View' },
          { propertyId: B, title: 'Hill House' },
        ],
      },
      'https://app.example.com/',
    );
    expect(mail).toEqual({
      to: 'owner@harbour.test',
      subject: '2 tours and 1 website stopped being shared',
      text: [
        'Your plan is now Free, which does not include sharing tours or publishing websites. So today 2 tours and 1 website stopped being shared.',
        'Tours no longer shared (their links no longer work):\n- Harbour View\n- Hill House',
        'Websites no longer published:\n- Harbour View',
        'Nothing was deleted: your properties, tours and websites are still in your account. To share them again, choose a paid plan (https://app.example.com/provider/billing), then publish each one again from its property (https://app.example.com/provider/properties).',
      ].join('\n\n'),
    });
  });

  it('names a property by its id when the event carries no titles (published before they did)', () => {
    const mail = withdrawalMail(
      'owner@harbour.test',
      { providerId: PROVIDER, productCode: 'free_tier_plan', tourPropertyIds: [], websitePropertyIds: [C] },
      'https://app.example.com',
    );
    expect(mail.subject).toBe('1 website stopped being shared');
    expect(mail.text).toContain(`Websites no longer published:\n- Property ${C}`);
    expect(mail.text).not.toContain('Tours no longer shared');
  });
});
