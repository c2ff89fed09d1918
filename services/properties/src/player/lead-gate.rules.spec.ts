import {
  LEAD_PASS_SECONDS,
  leadGateKeys,
  leadPass,
  leadPassCookieName,
  leadPassExpiry,
  leadPassLink,
  leadPassSetCookie,
  validLeadPass,
} from './lead-gate.rules';

const TOUR = '0193a4b2-7c1d-7e2f-8a3b-4c5d6e7f8091';
const OTHER_TOUR = '0193a4b2-7c1d-7e2f-8a3b-4c5d6e7f8092';
const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const keys = leadGateKeys('a-secret-of-the-platform-0123456789');
const expires = leadPassExpiry(NOW);
const pass = leadPass(keys.cookie, TOUR, expires);

describe('a lead pass', () => {
  it('lasts a week from the lead', () => {
    expect(LEAD_PASS_SECONDS).toBe(604_800);
    expect(expires).toBe(NOW / 1000 + 604_800);
  });

  it.each([
    ['the pass itself, just made', pass, NOW, expires],
    ['the pass a second before it runs out', pass, (expires - 1) * 1000, expires],
    ['the pass when it runs out', pass, expires * 1000, null],
    ['the pass a day after', pass, (expires + 86_400) * 1000, null],
    ['no pass', undefined, NOW, null],
    ['an empty pass', '', NOW, null],
    ['a pass without its signature', `${expires}`, NOW, null],
    ['a signature without its expiry', pass.split('.')[1], NOW, null],
    ['a pass with its expiry moved later', pass.replace(`${expires}.`, `${expires + 86_400}.`), NOW, null],
    ['a pass with a forged signature', `${expires}.${'A'.repeat(43)}`, NOW, null],
    ['a pass with a signature cut short', pass.slice(0, -2), NOW, null],
    ['a pass with a third part', `${pass}.x`, NOW, null],
    ['an expiry that is not a number', `soon.${pass.split('.')[1]}`, NOW, null],
    ['a negative expiry', `-${pass}`, NOW, null],
    ['the link signed for the tour, offered as its cookie', leadPass(keys.link, TOUR, expires), NOW, null],
    ['another tour’s pass', leadPass(keys.cookie, OTHER_TOUR, expires), NOW, null],
    [
      'a pass signed with another platform’s secret',
      leadPass(leadGateKeys('someone-else-entirely-9876543210').cookie, TOUR, expires),
      NOW,
      null,
    ],
  ])('%s', (_case, value, now, expected) => {
    expect(validLeadPass(keys.cookie, TOUR, value, now)).toBe(expected);
  });
});

describe('the lead pass cookie', () => {
  it('is named by the tour, so each tour asks for its own lead', () => {
    expect(leadPassCookieName(TOUR)).toBe('tour_lead_0193a4b27c1d7e2f8a3b4c5d6e7f8091');
    expect(leadPassCookieName(OTHER_TOUR)).not.toBe(leadPassCookieName(TOUR));
  });

  it.each([
    [
      'over http, made now: a week',
      NOW,
      false,
      `tour_lead_0193a4b27c1d7e2f8a3b4c5d6e7f8091=${pass}; Path=/; Max-Age=604800; HttpOnly; SameSite=Lax`,
    ],
    [
      'over https, from a link opened six days later: the day left',
      NOW + 6 * 86_400_000,
      true,
      `tour_lead_0193a4b27c1d7e2f8a3b4c5d6e7f8091=${pass}; Path=/; Max-Age=86400; HttpOnly; SameSite=Lax; Secure`,
    ],
  ])('%s', (_case, now, secure, expected) => {
    expect(leadPassSetCookie(TOUR, pass, expires, now, secure)).toBe(expected);
  });
});

describe('the temporary link', () => {
  it.each([
    [
      'http://localhost:3000',
      'http://localhost:3000/digital_twin/ab12cd34~seaside-villa/lead_unlock?unlock=',
    ],
    [
      'https://tours.example.com/',
      'https://tours.example.com/digital_twin/ab12cd34~seaside-villa/lead_unlock?unlock=',
    ],
  ])('on %s', (appUrl, start) => {
    const link = leadPassLink(appUrl, 'ab12cd34~seaside-villa', pass);
    expect(link).toBe(`${start}${pass}`);
    expect(new URL(link).searchParams.get('unlock')).toBe(pass);
  });
});
