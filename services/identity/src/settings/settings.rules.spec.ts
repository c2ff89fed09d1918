import { isReservedSubdomain } from './settings.rules';

describe('reserved subdomains', () => {
  it.each([
    ['www', true],
    ['api', true],
    ['app', true],
    ['admin', true],
    ['assets', true],
    ['static', true],
    ['mail', true],
    ['tours', true],
    ['help', true],
    ['status', true],
    ['localhost', true],
    ['autodiscover', true],
    ['autoconfig', true],
    ['wpad', true],
    ['smtp', true],
    ['webmail', true],
    ['ns1', true],
    ['login', true],
    ['harbour-photography', false],
    ['www2', false],
    ['my-tours', false],
    ['administrator', false],
  ])('%s: reserved %s', (subdomain, reserved) => {
    expect(isReservedSubdomain(subdomain)).toBe(reserved);
  });
});
