// The visitor's player page as a phone on a mobile network meets it: the JavaScript its first load fetches
// (player.html's entry script and the chunks it preloads), gzipped (target < 90 KB, issue 39), and its time to
// interactive in headless Chromium throttled over CDP (Network: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up;
// CPU 4x slower), median of five cold loads. The page is web/dist as built, served by a static server beside a
// stand-in base.json of a tour at the display defaults (the front end's cost, not the API's: base.json's own bench is
// the gateway's), preloaded with the page as the gateway does. Interactive: the menu button is on the page and a
// click on it opens the menu.
const http = require('node:http');
const { gzipSync } = require('node:zlib');
const { readFileSync, existsSync } = require('node:fs');
const path = require('node:path');
const { chromium } = require('playwright-core');
const { defaultTourLayers, tourLayersPath } = require('@tourly/contracts');
const { record } = require('./support');

const DIST = path.join(__dirname, '..', 'web', 'dist');
const LOADS = Number(process.env.BENCH_LOADS || 5);
const PHONE = { width: 390, height: 844 };
const NETWORK = { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 94_000 };
const CPU_SLOWDOWN = 4;
const TYPES = { '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.html': 'text/html' };

/** The files player.html loads as JavaScript before anything is clicked: its entry and its module preloads. */
function firstLoadScripts(html) {
  const scripts = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
  ];
  return [...new Set(scripts.map((match) => match[1]))];
}

function tourJson() {
  const layers = defaultTourLayers();
  return {
    data: {
      id: 'bench~tour',
      property: {
        id: 'p',
        slug: 'bench',
        title: 'Harbour View Apartment',
        address: '12 Harbour View, Sydney',
        latitude: -33.86,
        longitude: 151.21,
      },
      model: { key: 'SxQL3iGyoDo', embed_url: '/blank.html' },
      layers: {
        overlay: layers.overlay,
        menu: {
          entries: layers.menu.entries.map(({ childEntries, ...entry }) => ({
            ...entry,
            child_entries: childEntries,
          })),
        },
        welcome_screen: { ...layers.welcomeScreen, image_url: null },
        guided_tour: layers.guidedTour,
      },
      branding: {
        primary_color: '#123456',
        provider_name: 'Harbour Lights Media',
        provider_logo_url: null,
        provider_url: null,
        client_name: null,
        client_logo_url: null,
        client_url: null,
      },
      mls: false,
      agents: [],
      provider: { name: 'Harbour Lights Media', url: null, logo_url: null },
      map: { tiles_url: '/tiles/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors', zoom: 18 },
      model_credits: [],
    },
  };
}

function startServer() {
  const shell = readFileSync(path.join(DIST, 'player.html'));
  const tour = JSON.stringify(tourJson());
  const server = http.createServer((request, response) => {
    const { pathname } = new URL(request.url, 'http://localhost');
    if (pathname.startsWith('/digital_twin/')) {
      response.writeHead(200, { 'content-type': 'application/json' }).end(tour);
    } else if (pathname.startsWith('/assets/') && existsSync(path.join(DIST, pathname))) {
      // gzip, as a deployment's proxy would send it.
      const body = gzipSync(readFileSync(path.join(DIST, pathname)));
      response
        .writeHead(200, {
          'content-type': TYPES[path.extname(pathname)] ?? 'application/octet-stream',
          'content-encoding': 'gzip',
        })
        .end(body);
    } else if (pathname === '/blank.html') {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Showcase</title>');
    } else {
      // With the preload of the tour's layers the gateway sends with a tour's page (services/gateway, web-app.ts).
      const layers = tourLayersPath('bench~tour', false);
      response
        .writeHead(200, {
          'content-type': 'text/html',
          link: `<${layers}>; rel=preload; as=fetch; crossorigin`,
        })
        .end(shell);
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function coldLoad(browser, url) {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.goto(url, { waitUntil: 'commit' });
  const button = page.locator('.tour-menu-button');
  await button.waitFor();
  await button.click();
  await page.locator('.tour-menu').waitFor();
  const timings = await page.evaluate(() => {
    const paint = globalThis.performance.getEntriesByName('first-contentful-paint')[0];
    return {
      interactiveMs: Math.round(globalThis.performance.now()),
      firstContentfulPaintMs: Math.round(paint?.startTime ?? 0),
    };
  });
  await context.close();
  return timings;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const html = readFileSync(path.join(DIST, 'player.html'), 'utf8');
  const scripts = firstLoadScripts(html).map((src) => {
    const bytes = readFileSync(path.join(DIST, src));
    return { src, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
  });
  const firstLoadJsGzipKB = +(scripts.reduce((sum, script) => sum + script.gzipBytes, 0) / 1024).toFixed(1);

  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const url = `http://127.0.0.1:${server.address().port}/tours/bench/tour`;
  const loads = [];
  try {
    for (let n = 0; n < LOADS; n += 1) loads.push(await coldLoad(browser, url));
  } finally {
    await browser.close();
    server.close();
  }
  const result = {
    firstLoadJsGzipKB,
    targetKB: 90,
    targetTimeToInteractiveMs: 2000,
    scripts,
    throttling: { ...NETWORK, cpuSlowdown: CPU_SLOWDOWN },
    medianTimeToInteractiveMs: median(loads.map((load) => load.interactiveMs)),
    medianFirstContentfulPaintMs: median(loads.map((load) => load.firstContentfulPaintMs)),
    loads,
  };
  console.log(JSON.stringify(result, null, 2));
  record('player-page', result);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
