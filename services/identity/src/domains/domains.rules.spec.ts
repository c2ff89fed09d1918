import { isLocalOrPlatformDomain } from './domains.rules';

describe('white-label domains a provider may not take', () => {
  it.each([
    // Names that resolve on the machine or the network it is on, never on the internet.
    ['localhost', 'app.tourly.com', true],
    ['tours.localhost', 'app.tourly.com', true],
    ['printer.local', 'app.tourly.com', true],
    ['tours.localdomain', 'app.tourly.com', true],
    ['tours.office.internal', 'app.tourly.com', true],
    ['nas.home.arpa', 'app.tourly.com', true],
    ['tours.lan', 'app.tourly.com', true],
    ['4.3.2.1.in-addr.arpa', 'app.tourly.com', true],
    // The platform's own: its host, the names under it (the providers' subdomains), and the domain it is under.
    ['app.tourly.com', 'app.tourly.com', true],
    ['harbour.app.tourly.com', 'app.tourly.com', true],
    ['tourly.com', 'app.tourly.com', true],
    ['tours.localhost', 'localhost', true],
    // A provider's own domains.
    ['tours.harbour-photography.com', 'app.tourly.com', false],
    ['tours.local-agency.com', 'app.tourly.com', false],
    ['mytourly.com', 'app.tourly.com', false],
    ['app.tourly.com.harbour.com', 'app.tourly.com', false],
    ['tours.internal-affairs.co.uk', 'app.tourly.com', false],
    ['harbour.localhost.com', 'app.tourly.com', false],
  ])('%s with the app on %s: refused %s', (domain, appHost, refused) => {
    expect(isLocalOrPlatformDomain(domain, appHost)).toBe(refused);
  });
});
