import { TOUR_MESSAGES } from '@tourly/contracts';
import { linkTarget, pageMetadata, type LinkPolicy } from './tour-assets.rules';

const policy: LinkPolicy = {
  showcaseHost: 'showcase.example.net',
  ownDomains: ['tourly.app', 'localhost'],
  appHost: 'app.tourly-staging.com',
};

describe('which links a menu entry’s page may be read from', () => {
  it.each([
    ['', 'Required'],
    ['not a link', 'Invalid URL'],
    ['ftp://example.com/file', 'Invalid URL'],
    ['javascript:alert(1)', 'Invalid URL'],
    ['https://user:secret@example.com/', 'Invalid URL'],
    ['https://matterport.com/', TOUR_MESSAGES.metadataFromScanService],
    ['https://my.matterport.com/show/?m=SxQL3iGyoDo', TOUR_MESSAGES.metadataFromScanService],
    ['https://MY.Matterport.COM./show/', TOUR_MESSAGES.metadataFromScanService],
    ['https://showcase.example.net/show/?m=x', TOUR_MESSAGES.metadataFromScanService],
    ['http://127.0.0.1/', TOUR_MESSAGES.metadataNotPublic],
    ['http://127.1/', TOUR_MESSAGES.metadataNotPublic],
    ['http://0x7f.1/', TOUR_MESSAGES.metadataNotPublic],
    ['http://2130706433/', TOUR_MESSAGES.metadataNotPublic],
    ['http://0.0.0.0:8080/', TOUR_MESSAGES.metadataNotPublic],
    ['http://localhost/', TOUR_MESSAGES.metadataNotPublic],
    ['http://localhost./', TOUR_MESSAGES.metadataNotPublic],
    ['http://api.localhost/', TOUR_MESSAGES.metadataNotPublic],
    ['http://[::1]/', TOUR_MESSAGES.metadataNotPublic],
    ['http://[::ffff:127.0.0.1]/', TOUR_MESSAGES.metadataNotPublic],
    ['http://[fe80::1]/', TOUR_MESSAGES.metadataNotPublic],
    ['http://[fd00::1]/', TOUR_MESSAGES.metadataNotPublic],
    ['http://10.0.0.1/', TOUR_MESSAGES.metadataNotPublic],
    ['http://172.16.5.4/', TOUR_MESSAGES.metadataNotPublic],
    ['http://192.168.1.1/', TOUR_MESSAGES.metadataNotPublic],
    ['http://100.64.0.1/', TOUR_MESSAGES.metadataNotPublic],
    ['http://169.254.169.254/latest/meta-data/', TOUR_MESSAGES.metadataNotPublic],
    ['http://224.0.0.1/', TOUR_MESSAGES.metadataNotPublic],
    ['http://metadata/', TOUR_MESSAGES.metadataNotPublic],
    ['http://printer.local/', TOUR_MESSAGES.metadataNotPublic],
    ['http://db.internal/', TOUR_MESSAGES.metadataNotPublic],
    // Issue 29: IPv6 forms that carry an internal IPv4 address.
    ['http://[::ffff:0:127.0.0.1]/', TOUR_MESSAGES.metadataNotPublic],
    ['http://[2002:7f00:1::1]/', TOUR_MESSAGES.metadataNotPublic],
    ['http://[2002:a9fe:a9fe::]/latest/meta-data/', TOUR_MESSAGES.metadataNotPublic],
    ['http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/', TOUR_MESSAGES.metadataNotPublic],
    ['http://[64:ff9b:1::a00:1]/', TOUR_MESSAGES.metadataNotPublic],
    ['http://[::127.0.0.1]/', TOUR_MESSAGES.metadataNotPublic],
    ['http://[fec0::1]/', TOUR_MESSAGES.metadataNotPublic],
    ['http://[100::1]/', TOUR_MESSAGES.metadataNotPublic],
    ['http://255.255.255.255/', TOUR_MESSAGES.metadataNotPublic],
    ['http://240.0.0.1/', TOUR_MESSAGES.metadataNotPublic],
  ])('%s is refused: %s', (link, refusal) => {
    expect(linkTarget(link, policy)).toEqual({ refusal });
  });

  it.each([
    ['https://example.com/listing?id=3', 'https://example.com/listing?id=3'],
    ['  https://Example.com  ', 'https://example.com/'],
    ['http://93.184.216.34:8080/', 'http://93.184.216.34:8080/'],
    ['https://[2606:4700::1111]/', 'https://[2606:4700::1111]/'],
    ['https://tourly.app/pricing', 'https://tourly.app/pricing'], // not a tour: an ordinary page
    ['https://matterport.com.example.org/', 'https://matterport.com.example.org/'],
  ])('%s is fetched', (link, url) => {
    const target = linkTarget(link, policy);
    expect('fetch' in target && target.fetch.toString()).toBe(url);
  });

  it.each([
    ['https://tourly.app/tours/ab12cd34/seaside-villa', 'ab12cd34', 'seaside-villa'],
    ['https://acme.tourly.app/tours/ab12cd34/seaside-villa/', 'ab12cd34', 'seaside-villa'],
    ['https://tourly.app/tours/ab12cd34/seaside-villa/mls?x=1', 'ab12cd34', 'seaside-villa'],
    ['http://localhost:3000/tours/ab12cd34/seaside-villa', 'ab12cd34', 'seaside-villa'],
    ['https://app.tourly-staging.com/tours/ab12cd34/caf%C3%A9', 'ab12cd34', 'café'],
  ])('%s is one of the platform’s own tours, answered from the database', (link, clientSlug, modelSlug) => {
    expect(linkTarget(link, policy)).toEqual({ ownTour: { clientSlug, modelSlug } });
  });

  it('reads a tour path on a host that is not the platform’s as any page', () => {
    expect('fetch' in linkTarget('https://example.com/tours/ab12cd34/villa', policy)).toBe(true);
  });
});

describe('what a page says of itself', () => {
  const page = new URL('https://example.com/homes/villa?ref=menu');

  it('prefers Open Graph, resolving a relative image against the page', () => {
    const html = `<!doctype html><html><head>
      <title>Villa | Example Homes</title>
      <meta name="description" content="Plain description">
      <meta property="og:title" content="Seaside &amp; Sunny Villa">
      <meta content='Four bedrooms &#8212; by the sea' property='og:description'>
      <meta property="og:image" content="/images/villa.jpg">
    </head><body><title>not this one</title></body></html>`;
    expect(pageMetadata(html, page)).toEqual({
      title: 'Seaside & Sunny Villa',
      description: 'Four bedrooms — by the sea',
      imageUrl: 'https://example.com/images/villa.jpg',
    });
  });

  it('falls back to the title and the description meta tag', () => {
    const html = `<HTML><HEAD><TITLE>
      Villa   for sale
    </TITLE><META NAME="Description" CONTENT="By the sea"></HEAD></HTML>`;
    expect(pageMetadata(html, page)).toEqual({
      title: 'Villa for sale',
      description: 'By the sea',
      imageUrl: null,
    });
  });

  it.each([
    ['images/a.png', 'https://example.com/homes/images/a.png'],
    ['//cdn.example.net/a.png', 'https://cdn.example.net/a.png'],
    ['https://cdn.example.net/a.png?w=1200', 'https://cdn.example.net/a.png?w=1200'],
    ['javascript:alert(1)', null],
    ['data:image/png;base64,AAAA', null],
  ])('an og:image of %s is %s', (image, imageUrl) => {
    expect(pageMetadata(`<meta property="og:image" content="${image}">`, page).imageUrl).toBe(imageUrl);
  });

  it('gives nulls for a page without metadata', () => {
    expect(pageMetadata('', page)).toEqual({ title: null, description: null, imageUrl: null });
    expect(pageMetadata('<p>hello</p>', page)).toEqual({ title: null, description: null, imageUrl: null });
  });
});
