import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  isMembershipRole,
  routeOf,
  tourLayersPath,
  tourPublicId,
  type MembershipRole,
  type StaffRole,
} from '@tourly/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  BASE_SECURITY_HEADERS,
  mergeSources,
  pageSecurityHeaders,
  type PageSources,
} from '../routing/security-headers';
import { MATTERPORT_SDK_SCRIPT, MATTERPORT_SHOWCASE } from '../config';

/** Pages of the public tour player: served from player.html, embeddable in other sites. */
const PLAYER_PAGES = /^\/tours(\/|$)/;
/** The app's pages meant for other sites too: a provider's public booking form, which it embeds in its own site. */
const EMBEDDABLE_APP_PAGES = /^\/book\/[^/]+\/?$/;

export interface PageContext {
  role: MembershipRole | null;
  staffRole: StaffRole | null;
  /** The session's CSRF token, which the web app echoes on unsafe requests. */
  csrfToken: string | null;
}

/** The captcha the sign-up page shows (reCAPTCHA v2 checkbox, or the emulators' stand-in). */
export interface CaptchaSettings {
  siteKey: string;
  /** The browser script that defines `grecaptcha`. */
  scriptUrl: string;
}

/** Stripe.js for the billing pages (card entry, 3-D Secure): Stripe's script, or the emulators' stand-in. */
export interface StripeSettings {
  publishableKey: string;
  /** The browser script that defines `Stripe`. */
  scriptUrl: string;
}

export interface WebAppOptions {
  /** Without it, pages carry no captcha meta tags and the CSP allows no captcha script. */
  captcha?: CaptchaSettings;
  /** Without it, pages carry no Stripe meta tags and the CSP allows no Stripe script. */
  stripe?: StripeSettings;
  /** Origins images and media may also come from (besides HTTPS): local storage and emulators in development. */
  imageOrigins?: readonly string[];
  /** The scan viewer tours embed (default Matterport's Showcase): the pages may frame its origin. */
  showcaseUrl?: string;
  /** The Showcase SDK's client (default Matterport's): the player's pages may load it, to follow the visitor. */
  showcaseSdkUrl?: string;
  /**
   * Where the app is (APP_URL): the player's pages may frame its origin, since a property's website embeds its
   * shared tour by the tour's default link, which is on the app's host whichever host shows the website.
   */
  appUrl?: string;
}

/**
 * The built web app (web/dist): one HTML shell for the provider pages and the console, another for the
 * public player, and the hashed assets they load. The shell is read once at start and personalised per
 * request with meta tags the app reads (the caller's role, the CSRF token, the captcha's and Stripe's settings).
 */
/** What a custom tag may frame in the player: a video's player or an embedded https page, sandboxed there. */
const TAG_FRAMES: PageSources = { frame: ['https:'] };

export class WebApp {
  private constructor(
    readonly assetsDir: string | undefined,
    private readonly shells: { app?: string; player?: string },
    /** The same for every request: written into the app's shell, never the player's. */
    private readonly appTags: string[],
    private readonly appSources: PageSources,
    private readonly playerSources: PageSources,
  ) {}

  static load(distDir: string, options: WebAppOptions = {}): WebApp {
    const read = (file: string) => {
      const full = path.join(distDir, file);
      return existsSync(full) ? readFileSync(full, 'utf8') : undefined;
    };
    const assets = path.join(distDir, 'assets');
    const { captcha, stripe } = options;
    const images: PageSources = { img: options.imageOrigins ?? [] };
    // Both the provider's editors (the tour space, the staging editor) and the visitor's player show the tour in the
    // scan viewer's frame and connect to it with Matterport's SDK, loaded from Matterport at run time.
    const tours: PageSources = {
      frame: [new URL(options.showcaseUrl ?? MATTERPORT_SHOWCASE).origin],
      script: [new URL(options.showcaseSdkUrl ?? MATTERPORT_SDK_SCRIPT).origin],
    };
    return new WebApp(
      existsSync(assets) ? assets : undefined,
      { app: read('index.html'), player: read('player.html') },
      [
        ...(captcha
          ? [metaTag('captcha-site-key', captcha.siteKey), metaTag('captcha-script-url', captcha.scriptUrl)]
          : []),
        ...(stripe
          ? [
              metaTag('stripe-publishable-key', stripe.publishableKey),
              metaTag('stripe-js-url', stripe.scriptUrl),
            ]
          : []),
      ],
      mergeSources(
        // The staging editor's 3D models are read by the Showcase SDK's loader in the page (fetch), from storage as
        // its images are (issue 36): over HTTPS anywhere, and from the same local origins in development.
        { connect: options.imageOrigins ?? [] },
        tours,
        captcha ? captchaSources(captcha.scriptUrl) : {},
        stripe ? stripeSources(stripe.scriptUrl) : {},
        images,
      ),
      mergeSources(
        images,
        // A staged tour's 3D models are read by the Showcase SDK's loader in the page (fetch), from storage as its
        // images are (issue 36): over HTTPS anywhere, and from the same local origins in development.
        { connect: options.imageOrigins ?? [] },
        tours,
        options.appUrl ? { frame: [new URL(options.appUrl).origin] } : {},
        // A tour's custom tags show videos (YouTube's and Vimeo's players) and https pages in frames (issue 34).
        TAG_FRAMES,
      ),
    );
  }

  sendPage(reply: FastifyReply, pathname: string, context: PageContext): FastifyReply {
    const player = isPlayerPage(pathname);
    const shell = player ? this.shells.player : this.shells.app;
    if (!shell) {
      return reply
        .status(503)
        .headers(BASE_SECURITY_HEADERS)
        .type('text/plain; charset=utf-8')
        .send('The web app has not been built yet. Run `npm run build -w web` (npm start does it for you).');
    }
    const embeddable = player || EMBEDDABLE_APP_PAGES.test(pathname);
    if (player) {
      const route = routeOf(pathname);
      // The tour's layers start loading with the page, not after its code: on a phone's network, a round trip less
      // before the tour shows. `crossorigin`: the player's fetch is a CORS-mode request, which only then reuses it.
      if (route?.page === 'tour') {
        const layers = tourLayersPath(tourPublicId(route.clientSlug, route.modelSlug), route.mls);
        reply.header('link', `<${layers}>; rel=preload; as=fetch; crossorigin`);
      }
    }
    return reply
      .headers(pageSecurityHeaders(embeddable, player ? this.playerSources : this.appSources))
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(render(shell, context, player ? [] : this.appTags));
  }
}

function render(shell: string, context: PageContext, fixedTags: string[]): string {
  // An unknown role yields no tag at all: the app then treats the visitor as having none (spec 000 §6).
  const tags = [
    isMembershipRole(context.role) ? metaTag('current-role', context.role) : '',
    context.staffRole ? metaTag('staff-role', context.staffRole) : '',
    context.csrfToken ? metaTag('csrf-token', context.csrfToken) : '',
    ...fixedTags,
  ].filter(Boolean);
  return tags.length > 0 ? shell.replace('</head>', `  ${tags.join('\n  ')}\n  </head>`) : shell;
}

function metaTag(name: string, content: string): string {
  return `<meta name="${name}" content="${escapeAttribute(content)}">`;
}

function escapeAttribute(value: string): string {
  return value.replace(/[&"<>]/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * What the page's CSP must allow for the captcha. Google's reCAPTCHA needs its script from www.google.com and
 * www.gstatic.com and its frames from www.google.com and recaptcha.google.com (Google's CSP guidance); any other
 * script (the emulators') is allowed by its origin, for scripts, frames and requests alike.
 */
export function captchaSources(scriptUrl: string): PageSources {
  const { origin, hostname } = new URL(scriptUrl);
  if (hostname === 'www.google.com' || hostname === 'www.recaptcha.net') {
    const own = `https://${hostname}/recaptcha/`;
    return {
      script: [own, 'https://www.gstatic.com/recaptcha/'],
      frame: hostname === 'www.google.com' ? [own, 'https://recaptcha.google.com/recaptcha/'] : [own],
      connect: [own],
    };
  }
  return { script: [origin], frame: [origin], connect: [origin] };
}

/**
 * What the page's CSP must allow for Stripe.js. Stripe's own script needs js.stripe.com (and its versioned
 * subdomains) for scripts and frames, hooks.stripe.com for 3-D Secure frames and api.stripe.com for requests
 * (Stripe's CSP guidance); any other script (the emulators') is allowed by its origin, for all three.
 */
export function stripeSources(scriptUrl: string): PageSources {
  const { origin, hostname } = new URL(scriptUrl);
  if (hostname === 'js.stripe.com') {
    return {
      script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
      frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
      connect: ['https://api.stripe.com'],
    };
  }
  return { script: [origin], frame: [origin], connect: [origin] };
}

/** A file's name at the end of a path (`download.zip`, `orders.csv`): never a page of the app. */
const NAMED_FILE = /\.(?!html?$)[a-z0-9]+$/i;

/**
 * A browser navigating, as opposed to the API client (which always asks for JSON). A link to a file the API
 * serves (a zip, a CSV) is followed by the browser asking for HTML too: it gets the file. No page of the app lives
 * under `/api/`: a browser sent there (a vendor's OAuth callback, the API's docs) reaches the service.
 */
export function wantsPage(method: string, pathname: string, accept: string | undefined): boolean {
  return (
    (method === 'GET' || method === 'HEAD') &&
    !!accept &&
    accept.includes('text/html') &&
    !pathname.startsWith('/api/') &&
    !NAMED_FILE.test(pathname)
  );
}

/**
 * A browser navigating (a link followed, an address typed, a vendor's redirect back), as opposed to the app's own
 * requests: `Sec-Fetch-Mode: navigate`, or, from a browser that does not send that header, a GET asking for HTML.
 * The app's requests (fetch) say `cors` or `same-origin`, whatever they accept.
 */
export function isNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const mode = request.headers['sec-fetch-mode'];
  if (typeof mode === 'string') return mode === 'navigate';
  return (request.headers.accept ?? '').includes('text/html');
}

/** The app's pages, as opposed to the player's (which answer on every host, a provider's own among them). */
export function isPlayerPage(pathname: string): boolean {
  return PLAYER_PAGES.test(pathname);
}
