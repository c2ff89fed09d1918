import { TOUR_MESSAGES } from '@tourly/contracts';
import type { LinkPolicy } from '../src/tour-assets/tour-assets.rules';
import { READ_LIMIT_BYTES, WebPages } from '../src/tour-assets/web-pages';
import { aLocalInternet, type Routes } from './network-support';

const policy: LinkPolicy = {
  showcaseHost: 'showcase.example.net',
  ownDomains: ['tourly.app', 'localhost'],
  appHost: 'localhost',
};

/** Public-looking names, each resolving to what a DNS server could answer for it. */
const NAMES: Record<string, string[]> = {
  'pages.example.com': ['93.184.216.34'],
  'other.example.org': ['2606:2800:220:1:248:1893:25c8:1946'],
  'rebound.example.com': ['127.0.0.1'],
  'half-private.example.com': ['93.184.216.35', '10.0.0.1'],
  'metadata.example.com': ['169.254.169.254'],
  'mapped.example.com': ['::ffff:127.0.0.1'],
  'translated.example.com': ['::ffff:0:7f00:1'],
  'sixtofour.example.com': ['2002:7f00:1::1'],
  'teredo.example.com': ['2001:0:4136:e378:8000:63bf:80ff:fffe'],
  'compatible.example.com': ['::a9fe:a9fe'],
};

/**
 * Reading pages through a network whose names resolve as above and whose every connection reaches one local web
 * server: what the guard lets through, to which address it connects, and how pages, redirects and failures read.
 */
describe('reading a linked page on the server', () => {
  const routes: Routes = {
    '/villa': (response) =>
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
        `<html><head><title>Villa</title>
          <meta property="og:title" content="Seaside Villa">
          <meta property="og:description" content="Four bedrooms by the sea">
          <meta property="og:image" content="/img/villa.jpg"></head></html>`,
      ),
    '/latin1': (response) =>
      response
        .writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' })
        .end(Buffer.from('<title>Caf\xe9 du port</title>', 'latin1')),
    '/hop1': (response) => response.writeHead(302, { location: '/hop2' }).end(),
    '/hop2': (response) => response.writeHead(301, { location: 'http://other.example.org/hop3' }).end(),
    '/hop3': (response) => response.writeHead(307, { location: '/villa' }).end(),
    '/hop0': (response) => response.writeHead(302, { location: '/hop1' }).end(),
    '/to-loopback': (response) => response.writeHead(302, { location: 'http://127.0.0.1/admin' }).end(),
    '/to-rebound': (response) => response.writeHead(302, { location: 'http://rebound.example.com/' }).end(),
    '/to-metadata': (response) =>
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
    '/to-scan-service': (response) =>
      response.writeHead(302, { location: 'https://my.matterport.com/show/?m=x' }).end(),
    '/to-own-tour': (response) =>
      response.writeHead(302, { location: 'https://tourly.app/tours/ab12cd34/villa' }).end(),
    '/missing': (response) =>
      response.writeHead(404, { 'content-type': 'text/html' }).end('<title>Nope</title>'),
    '/image': (response) => response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(64)),
    '/huge': (response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<html><head><title>Huge</title></head><body>');
      const filler = Buffer.alloc(64 * 1024, 'a');
      let sent = 0;
      const more = () => {
        while (sent < 4 * READ_LIMIT_BYTES && !response.destroyed) {
          sent += filler.length;
          if (!response.write(filler)) return void response.once('drain', more);
        }
        response.end('</body></html>');
      };
      more();
    },
    '/silent': () => undefined, // never answers
  };

  const internet = aLocalInternet(NAMES, routes);
  const { connections } = internet;
  const pages = new WebPages(internet.network, policy);

  beforeAll(() => internet.start());
  afterAll(() => internet.stop());
  beforeEach(() => {
    connections.length = 0;
  });

  it('reads the title, description and image, connecting only to the address it checked', async () => {
    expect(await pages.read('http://pages.example.com/villa')).toEqual({
      page: {
        url: 'http://pages.example.com/villa',
        title: 'Seaside Villa',
        description: 'Four bedrooms by the sea',
        imageUrl: 'http://pages.example.com/img/villa.jpg',
      },
    });
    expect(connections).toEqual(['93.184.216.34']);
  });

  it('decodes the page by its declared charset', async () => {
    const reading = await pages.read('http://pages.example.com/latin1');
    expect('page' in reading && reading.page.title).toBe('Café du port');
  });

  it('follows up to 3 redirects, each checked, answering for the page it ends on', async () => {
    expect(await pages.read('http://pages.example.com/hop1')).toEqual({
      page: {
        url: 'http://other.example.org/villa',
        title: 'Seaside Villa',
        description: 'Four bedrooms by the sea',
        imageUrl: 'http://other.example.org/img/villa.jpg',
      },
    });
    expect(connections).toEqual([
      '93.184.216.34',
      '93.184.216.34',
      '2606:2800:220:1:248:1893:25c8:1946',
      '2606:2800:220:1:248:1893:25c8:1946',
    ]);
  });

  it('gives up after 3 redirects', async () => {
    expect(await pages.read('http://pages.example.com/hop0')).toEqual({
      refusal: TOUR_MESSAGES.metadataUnreachable,
    });
  });

  it.each([
    ['a name resolving to loopback', 'http://rebound.example.com/'],
    ['a name resolving to the cloud metadata address', 'http://metadata.example.com/'],
    ['a name resolving to an IPv4-mapped loopback', 'http://mapped.example.com/'],
    ['a name resolving to an IPv4-translated loopback', 'http://translated.example.com/'],
    ['a name resolving to a 6to4 address of loopback', 'http://sixtofour.example.com/'],
    ['a name resolving to a Teredo address of loopback', 'http://teredo.example.com/'],
    ['a name resolving to an IPv4-compatible metadata address', 'http://compatible.example.com/'],
    ['a name with one private address among public ones', 'http://half-private.example.com/'],
    ['a redirect to a loopback address', 'http://pages.example.com/to-loopback'],
    ['a redirect to a name resolving to loopback', 'http://pages.example.com/to-rebound'],
    ['a redirect to the cloud metadata address', 'http://pages.example.com/to-metadata'],
  ])('refuses %s, connecting to nothing private', async (_case, link) => {
    expect(await pages.read(link)).toEqual({ refusal: TOUR_MESSAGES.metadataNotPublic });
    expect(connections.every((address) => address === '93.184.216.34')).toBe(true);
  });

  it('refuses a redirect to the scan service', async () => {
    expect(await pages.read('http://pages.example.com/to-scan-service')).toEqual({
      refusal: TOUR_MESSAGES.metadataFromScanService,
    });
  });

  it('answers a redirect to one of the platform’s tours as that tour, without fetching it', async () => {
    expect(await pages.read('http://pages.example.com/to-own-tour')).toEqual({
      ownTour: { clientSlug: 'ab12cd34', modelSlug: 'villa' },
    });
    expect(connections).toEqual(['93.184.216.34']);
  });

  it.each([
    ['an error status', 'http://pages.example.com/missing'],
    ['a name that does not resolve', 'http://nowhere.example.com/'],
  ])('answers that the page did not answer for %s', async (_case, link) => {
    expect(await pages.read(link)).toEqual({ refusal: TOUR_MESSAGES.metadataUnreachable });
  });

  it('gives nulls for a page that is not HTML', async () => {
    expect(await pages.read('http://pages.example.com/image')).toEqual({
      page: { url: 'http://pages.example.com/image', title: null, description: null, imageUrl: null },
    });
  });

  it('reads at most 1 MB of a page', async () => {
    const reading = await pages.read('http://pages.example.com/huge');
    expect('page' in reading && reading.page.title).toBe('Huge');
  });

  it('stops waiting after 5 seconds', async () => {
    const started = Date.now();
    expect(await pages.read('http://pages.example.com/silent')).toEqual({
      refusal: TOUR_MESSAGES.metadataUnreachable,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_900);
    expect(Date.now() - started).toBeLessThan(6_500);
  }, 10_000);

  it('reads a file on an origin the operator trusts though its address is private, and no other private one', async () => {
    const trusted = { maxBytes: 1024, tooLarge: 'too large', timeoutMs: 5_000 };
    const trustedOrigins = ['http://rebound.example.com', 'http://assets.internal:8080'];
    const read = await pages.file('http://rebound.example.com/image', { ...trusted, trustedOrigins });
    expect('file' in read && [read.file.contentType, read.file.bytes.length]).toEqual(['image/png', 64]);
    expect(connections).toEqual(['127.0.0.1']);
    // Another port of the trusted host, a trusted origin's redirect to a private address, and no trust at all.
    for (const [link, origins] of [
      ['http://rebound.example.com:8081/image', trustedOrigins],
      ['http://rebound.example.com/to-metadata', trustedOrigins],
      ['http://rebound.example.com/image', []],
    ] as const) {
      expect([link, await pages.file(link, { ...trusted, trustedOrigins: origins })]).toEqual([
        link,
        { refusal: TOUR_MESSAGES.metadataNotPublic },
      ]);
    }
  });
});
