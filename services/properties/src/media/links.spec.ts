import { ApiError } from '@tourly/platform';
import { OWN_DOMAIN_LINK, requireExternalVideoLink } from './links';

describe('external video links', () => {
  const OWN = ['tourly.app', 'localhost'];
  const refusal = (link: string): unknown => {
    try {
      requireExternalVideoLink(link, 'propertyVideo.url', OWN);
      return null;
    } catch (error) {
      return error instanceof ApiError ? error.errors : error;
    }
  };
  const ownDomain = { 'property_video.url': [OWN_DOMAIN_LINK] };

  it.each([
    'https://www.youtube.com/watch?v=abc',
    'https://vimeo.com/123',
    'http://8.8.8.8/video.mp4',
    'http://[2a00:1450:4001::200e]/video.mp4',
    'http://[::ffff:8.8.8.8]/video.mp4',
    'https://tourly.application.example/video.mp4',
  ])('takes %s', (link) => {
    expect(refusal(link)).toBeNull();
  });

  it.each([
    // The product's own domains and below them.
    'https://tourly.app/tours/1',
    'https://demo.tourly.app/tours/1',
    'https://TOURLY.APP./tours/1',
    'http://localhost:3000/tours/1',
    'http://localhost./tours/1',
    'http://demo.localhost:3000/tours/1',
    // Loopback in every spelling the URL parser reads as one.
    'http://127.0.0.1:3000/tours/1',
    'http://127.1:3000/tours/1',
    'http://127.0.0.2/tours/1',
    'http://2130706433/tours/1',
    'http://0x7f000001/tours/1',
    'http://0x7f.0.0.1/tours/1',
    'http://0177.0.0.1/tours/1',
    'http://0.0.0.0:3000/tours/1',
    'http://0/tours/1',
    'http://[::1]:3000/tours/1',
    'http://[0:0:0:0:0:0:0:1]/tours/1',
    'http://[::]/tours/1',
    'http://[::ffff:127.0.0.1]/tours/1',
    'http://[::ffff:7f00:1]/tours/1',
    'http://[64:ff9b::127.0.0.1]/tours/1',
    'http://[::127.0.0.1]/tours/1',
    'http://[::ffff:0:127.0.0.1]/tours/1',
    'http://[2002:7f00:1::1]/tours/1',
    'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/tours/1',
    // Private networks, link-local (cloud metadata), single-label and local names.
    'http://10.0.0.5/video.mp4',
    'http://172.16.3.4/video.mp4',
    'http://192.168.1.10/video.mp4',
    'http://100.64.0.1/video.mp4',
    'http://169.254.169.254/latest/meta-data',
    'http://[fd00::1]/video.mp4',
    'http://[fe80::1]/video.mp4',
    'http://intranet/video.mp4',
    'http://nas.local/video.mp4',
    'http://media.internal/video.mp4',
  ])('refuses %s as a link to the platform itself or a private host', (link) => {
    expect(refusal(link)).toEqual(ownDomain);
  });
});
