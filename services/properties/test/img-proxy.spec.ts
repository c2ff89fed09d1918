import sharp from 'sharp';
import { TOUR_MESSAGES } from '@tourly/contracts';
import { Storage } from '@tourly/platform/storage';
import { ImageProxyService, thumbnailKey } from '../src/tour-assets/img-proxy.service';
import type { LinkPolicy } from '../src/tour-assets/tour-assets.rules';
import { IMAGE_LIMIT_BYTES, IMAGE_TOO_LARGE, NOT_AN_IMAGE, WebPages } from '../src/tour-assets/web-pages';
import { jpeg, png } from './media-support';
import { aLocalInternet, type Routes } from './network-support';
import { startProperties, type PropertiesAlone, type Person } from './support';

const policy: LinkPolicy = {
  showcaseHost: 'showcase.example.net',
  ownDomains: ['tourly.app'],
  appHost: 'localhost',
};

/** Public-looking names, each resolving to what a DNS server could answer for it. */
const NAMES: Record<string, string[]> = {
  'images.example.com': ['93.184.216.34'],
  'rebound.example.com': ['127.0.0.1'],
  'half-private.example.com': ['93.184.216.35', '10.0.0.1'],
  'metadata.example.com': ['169.254.169.254'],
  'mapped.example.com': ['::ffff:127.0.0.1'],
  'translated.example.com': ['::ffff:0:7f00:1'],
  'sixtofour.example.com': ['2002:7f00:1::1'],
  'teredo.example.com': ['2001:0:4136:e378:8000:63bf:80ff:fffe'],
  'compatible.example.com': ['::a9fe:a9fe'],
};

const THUMBNAIL = '/provider/img_proxy/thumbnail';

/**
 * The image proxy (issue 34): thumbnails of images on other hosts under the tour metadata read's guard (WebPages),
 * resized with sharp and kept in the object store. Its route refuses every private spelling before any fetch; the
 * fetches themselves go through a network whose names resolve as above and whose connections reach one local server.
 */
describe('the image proxy', () => {
  let it_: PropertiesAlone;
  let provider: Person;
  let photo: Buffer;
  const routes: Routes = {
    '/photo.png': (response) => response.writeHead(200, { 'content-type': 'image/png' }).end(photo),
    '/moved.png': (response) => response.writeHead(302, { location: '/photo.png' }).end(),
    '/to-metadata': (response) =>
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
    '/to-rebound': (response) =>
      response.writeHead(302, { location: 'http://rebound.example.com/x.png' }).end(),
    '/page': (response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<title>x</title>'),
    '/svg': (response) =>
      response
        .writeHead(200, { 'content-type': 'image/svg+xml' })
        .end('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    '/liar.png': (response) =>
      response.writeHead(200, { 'content-type': 'image/png' }).end('not a png at all'),
    '/huge.png': (response) => {
      response.writeHead(200, { 'content-type': 'image/png' });
      const filler = Buffer.alloc(256 * 1024);
      let sent = 0;
      const more = () => {
        while (sent <= IMAGE_LIMIT_BYTES && !response.destroyed) {
          sent += filler.length;
          if (!response.write(filler)) return void response.once('drain', more);
        }
        response.end();
      };
      more();
    },
  };

  const internet = aLocalInternet(NAMES, routes);
  const { connections } = internet;
  const pages = new WebPages(internet.network, policy);

  beforeAll(async () => {
    photo = await png(800, 400);
    await internet.start();
    it_ = await startProperties({ s3: true });
    provider = await it_.signUp('Proxy User');
  });
  afterAll(async () => {
    await it_.stop();
    await internet.stop();
  });

  describe('its route', () => {
    const thumbnail = (url: string, query = '') =>
      provider.get(`${THUMBNAIL}?url=${encodeURIComponent(url)}${query}`);

    it.each([
      ['http://127.0.0.1/a.png', TOUR_MESSAGES.metadataNotPublic],
      ['http://127.0.0.1:3000/a.png', TOUR_MESSAGES.metadataNotPublic],
      ['http://0x7f.1/a.png', TOUR_MESSAGES.metadataNotPublic],
      ['http://2130706433/a.png', TOUR_MESSAGES.metadataNotPublic],
      ['http://017700000001/a.png', TOUR_MESSAGES.metadataNotPublic],
      ['http://0/a.png', TOUR_MESSAGES.metadataNotPublic],
      ['http://localhost/a.png', TOUR_MESSAGES.metadataNotPublic],
      ['http://localhost./a.png', TOUR_MESSAGES.metadataNotPublic],
      ['http://[::1]/a.png', TOUR_MESSAGES.metadataNotPublic],
      ['http://[::ffff:127.0.0.1]/a.png', TOUR_MESSAGES.metadataNotPublic],
      ['http://[::ffff:a9fe:a9fe]/a.png', TOUR_MESSAGES.metadataNotPublic],
      ['http://10.0.0.1/a.png', TOUR_MESSAGES.metadataNotPublic],
      ['http://192.168.1.1/a.png', TOUR_MESSAGES.metadataNotPublic],
      ['http://169.254.169.254/latest/meta-data/', TOUR_MESSAGES.metadataNotPublic],
      ['http://metadata.google.internal/', TOUR_MESSAGES.metadataNotPublic],
      ['https://my.matterport.com/show/?m=SxQL3iGyoDo', TOUR_MESSAGES.metadataFromScanService],
      ['https://tourly.app/tours/ab12cd34/villa', NOT_AN_IMAGE],
      ['not a link', 'Invalid URL'],
      ['file:///etc/passwd', 'Invalid URL'],
      ['gopher://example.com/', 'Invalid URL'],
    ])('refuses %s: %s', async (url, message) => {
      const answer = await thumbnail(url);
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 422,
        body: { errors: { url: [message] } },
      });
    });

    it('needs a url, and a size within bounds', async () => {
      expect((await provider.get(THUMBNAIL)).body).toEqual({ errors: { url: ['Required'] } });
      expect((await thumbnail('https://example.com/a.png', '&width=5000')).body).toEqual({
        errors: { width: ['must be at most 1024'] },
      });
      expect((await thumbnail('https://example.com/a.png', '&height=2')).body).toEqual({
        errors: { height: ['must be at least 16'] },
      });
    });

    it('is for the signed-in provider’s people only', async () => {
      const anonymous = await it_.http.get(
        `${THUMBNAIL}?url=${encodeURIComponent('https://example.com/a.png')}`,
      );
      expect(anonymous.status).toBe(401);
    });
  });

  describe('its reads', () => {
    let proxy: ImageProxyService;
    beforeAll(() => {
      proxy = new ImageProxyService(pages, it_.service.app.get(Storage));
    });

    it('resizes an image into a JPEG that fits, keeps it, and answers the same size from storage', async () => {
      connections.length = 0;
      const before = internet.requests;
      const url = 'http://images.example.com/moved.png';
      const location = await proxy.thumbnail(url, 200, undefined);
      expect(connections).toEqual(['93.184.216.34', '93.184.216.34']);
      const stored = await fetch(location);
      expect(stored.headers.get('content-type')).toBe('image/jpeg');
      const meta = await sharp(Buffer.from(await stored.arrayBuffer())).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
        format: 'jpeg',
        width: 200,
        height: 100,
      });
      expect(new URL(location).pathname).toContain(thumbnailKey(url, 200, undefined));
      await proxy.thumbnail(url, 200, undefined);
      expect(internet.requests - before).toBe(2); // the redirect and the image, once
      const small = await sharp(
        Buffer.from(await (await fetch(await proxy.thumbnail(url, 1024, 1024))).arrayBuffer()),
      ).metadata();
      expect({ width: small.width, height: small.height }).toEqual({ width: 800, height: 400 }); // never enlarged
    });

    it.each([
      ['a name resolving to loopback', 'http://rebound.example.com/a.png', TOUR_MESSAGES.metadataNotPublic],
      [
        'a name resolving to the cloud metadata address',
        'http://metadata.example.com/',
        TOUR_MESSAGES.metadataNotPublic,
      ],
      ['an IPv4-mapped loopback', 'http://mapped.example.com/a.png', TOUR_MESSAGES.metadataNotPublic],
      ['an IPv4-translated loopback', 'http://translated.example.com/a.png', TOUR_MESSAGES.metadataNotPublic],
      ['a 6to4 loopback', 'http://sixtofour.example.com/a.png', TOUR_MESSAGES.metadataNotPublic],
      ['a Teredo loopback', 'http://teredo.example.com/a.png', TOUR_MESSAGES.metadataNotPublic],
      [
        'an IPv4-compatible metadata address',
        'http://compatible.example.com/',
        TOUR_MESSAGES.metadataNotPublic,
      ],
      [
        'one private address among public ones',
        'http://half-private.example.com/a.png',
        TOUR_MESSAGES.metadataNotPublic,
      ],
      [
        'a redirect to the metadata address',
        'http://images.example.com/to-metadata',
        TOUR_MESSAGES.metadataNotPublic,
      ],
      [
        'a redirect to a name resolving to loopback',
        'http://images.example.com/to-rebound',
        TOUR_MESSAGES.metadataNotPublic,
      ],
      ['a page', 'http://images.example.com/page', NOT_AN_IMAGE],
      ['an SVG (not one of the four kinds)', 'http://images.example.com/svg', NOT_AN_IMAGE],
      ['bytes that only claim to be an image', 'http://images.example.com/liar.png', NOT_AN_IMAGE],
      ['an image over 10 MB', 'http://images.example.com/huge.png', IMAGE_TOO_LARGE],
      [
        'an address that does not answer',
        'http://nowhere.example.com/a.png',
        TOUR_MESSAGES.metadataUnreachable,
      ],
      ['an error status', 'http://images.example.com/missing.png', TOUR_MESSAGES.metadataUnreachable],
    ])('refuses %s, connecting to no private address', async (_name, url, message) => {
      connections.length = 0;
      await expect(proxy.thumbnail(url, 100, undefined)).rejects.toMatchObject({
        errors: { url: [message] },
      });
      expect(connections.every((address) => address.startsWith('93.184.216.'))).toBe(true);
    });

    it('takes a JPEG too', async () => {
      routes['/photo.jpg'] = async (response) =>
        response.writeHead(200, { 'content-type': 'image/jpeg' }).end(await jpeg(64, 64));
      const location = await proxy.thumbnail('http://images.example.com/photo.jpg', 32, 32);
      const meta = await sharp(Buffer.from(await (await fetch(location)).arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual([32, 32]);
    });
  });
});
