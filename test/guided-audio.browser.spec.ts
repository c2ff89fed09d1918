import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { tourPublicId } from '@tourly/contracts';
import { eventually } from '@tourly/platform/testing';
import { analyticsSent, hidePage, signedInPage } from './support/browser';
import { showcaseConnected } from './support/matterport';
import type { PlatformWithEmulators } from './support/platform';
import { aProperty, onStarter } from './support/provider';
import { sharedBrowserPlatform } from './support/shared-platform';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const SCREENSHOTS = path.join(__dirname, 'artifacts', 'guided-audio');

/** A valid WAV: a 44-byte header and `seconds` of silence, 8 kHz mono 8-bit. */
function wav(seconds: number): Buffer {
  const samples = Math.round(8000 * seconds);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + samples, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(8000, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(samples, 40);
  return Buffer.concat([header, Buffer.alloc(samples, 0x80)]);
}

/**
 * Issue 34's guided tour and audio tour in a real browser against the whole platform. The provider uploads audio
 * (a text named .mp3 refused in words), picks the tour's music and saves the audio tour; with the Showcase SDK's
 * space (engineer A's), places three narrated stops at the preview's camera, publishes, and a visitor on a phone plays
 * the guided tour through to its end.
 */
jest.setTimeout(120_000);

describe('guided and audio tours in the browser', () => {
  let it_: PlatformWithEmulators;
  let browser: Browser;
  let release: () => Promise<void>;
  let base: string;
  const uncaught: string[] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    ({ it_, browser, release } = await sharedBrowserPlatform());
    base = it_.base;
  }, 180_000);

  afterAll(async () => {
    await release?.();
    expect(uncaught).toEqual([]);
  });

  const editor = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
  const preview = (page: Page) => page.getByRole('region', { name: 'Preview' });

  async function openTourSpace(page: Page, propertyId: string, title: string): Promise<void> {
    await page.goto(`${base}/provider/properties/${propertyId}/virtual-tour/space`);
    await page.getByRole('heading', { name: 'Virtual tour', level: 1 }).waitFor();
    await preview(page).getByText(title, { exact: true }).waitFor();
  }

  /** Sends a file through the audio tour editor's upload button. */
  async function uploadAudio(page: Page, name: string, buffer: Buffer): Promise<void> {
    const audio = editor(page, 'Audio tour');
    await audio
      .locator('label', { hasText: 'Upload an audio file' })
      .locator('input[type=file]')
      .setInputFiles({ name, mimeType: name.endsWith('.mp3') ? 'audio/mpeg' : 'audio/wav', buffer });
  }

  it('uploads audio (by its bytes), picks the music and saves the audio tour', async () => {
    const provider = await it_.signUp('Sound Harbour Media');
    const propertyId = await aProperty(provider, 'Sound Harbour House');
    const page = await signedInPage(browser, base, provider, DESKTOP, uncaught);
    await openTourSpace(page, propertyId, 'Sound Harbour House');
    const audio = editor(page, 'Audio tour');

    await uploadAudio(page, 'song.mp3', Buffer.from('just some text, not a song'));
    await audio.getByRole('alert').getByText('must be an audio file (MP3, M4A, OGG or WAV)').waitFor();
    await uploadAudio(page, 'Harbour theme.wav', wav(0.5));
    await audio.getByRole('textbox', { name: 'Name of Harbour theme' }).waitFor();

    await audio
      .getByRole('combobox', { name: 'Music', exact: true })
      .selectOption({ label: 'Harbour theme' });
    await audio.getByRole('button', { name: 'Save the audio tour' }).click();
    await audio.getByRole('status').getByText('Audio tour saved.').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-audio-tour.png'), fullPage: true });

    // Saved on the server: the page opened again shows the music chosen.
    await page.reload();
    await openTourSpace(page, propertyId, 'Sound Harbour House');
    const music = editor(page, 'Audio tour').getByRole('combobox', { name: 'Music', exact: true });
    await page.waitForFunction(
      (select) =>
        (select as { selectedOptions?: ArrayLike<{ textContent: string | null }> } | null)
          ?.selectedOptions?.[0]?.textContent === 'Harbour theme',
      await music.elementHandle(),
    );
    await page.context().close();
  });

  it('places three narrated stops at the preview’s camera, publishes; a visitor on a phone plays them', async () => {
    const provider = await it_.signUp('Guided Harbour Media');
    await onStarter(it_, provider);
    const propertyId = await aProperty(provider, 'Guided Harbour House');
    const page = await signedInPage(browser, base, provider, DESKTOP, uncaught);
    await openTourSpace(page, propertyId, 'Guided Harbour House');
    await showcaseConnected(page);
    await uploadAudio(page, 'Welcome.wav', wav(0.3));
    await editor(page, 'Audio tour').getByRole('textbox', { name: 'Name of Welcome' }).waitFor();

    const guided = editor(page, 'Guided tour');
    // Saved as it is ticked: the box shows ticked once the server took it.
    await guided.getByRole('checkbox', { name: 'Play the guided tour' }).click();
    await guided.getByRole('checkbox', { name: 'Play the guided tour', checked: true }).waitFor();
    const showcase = preview(page).frameLocator('iframe.tour-model');
    // Into the space (Showcase opens on its play button): the camera stands at a sweep.
    await showcase.getByRole('button', { name: 'Explore the 3D space' }).click();
    for (const [index, title] of ['Front door', 'Living room', 'View'].entries()) {
      // Each stop at another sweep: the stand-in's "Go to <room>" buttons walk the space.
      if (index > 0)
        await showcase
          .getByRole('button', { name: /^Go to / })
          .first()
          .click();
      await guided.getByRole('button', { name: 'Add a stop here' }).click();
      await guided.getByRole('textbox', { name: `Title of stop ${index + 1}` }).fill(title);
      await guided
        .getByRole('textbox', { name: `Text of stop ${index + 1}` })
        .fill(`About the ${title.toLowerCase()}`);
      await guided
        .getByRole('combobox', { name: `Narration of stop ${index + 1}` })
        .selectOption({ label: 'Welcome' });
    }
    await guided.getByRole('button', { name: 'Save the stops' }).click();
    await guided.getByRole('status').getByText('Stops saved.').waitFor();
    // The preview shows the bar of the guided tour with the first stop.
    await preview(page)
      .getByRole('region', { name: 'Guided tour' })
      .getByRole('heading', { name: 'Front door', exact: true })
      .waitFor();

    // Shared as a premium tour, the layers published (the guided tour's switch is in the draft).
    const features = await provider.send('put', `/provider/properties/${propertyId}/published_features`, {
      published_features: { tour: true, premium: true },
    });
    expect(features.status).toBe(200);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('region', { name: 'Draft and publishing' }).getByText('Published').first().waitFor();
    const link = (await provider.get(`/provider/properties/${propertyId}/player_link`)).body.data;
    await page.context().close();

    // A visitor on a phone: the bar shows the first stop; Play walks the stops to the last.
    const visitor = await browser.newContext({ viewport: PHONE, isMobile: true });
    const phone = await visitor.newPage();
    phone.on('pageerror', (error) => uncaught.push(error.message));
    const sent = await analyticsSent(phone);
    await phone.clock.install();
    // The narrations are asked for and refused here, so each stop goes on by the page's clock, never by how fast a
    // loaded machine plays 0.3 s of sound.
    const narrations: string[] = [];
    await phone.route(/Welcome\.wav/, (route) => {
      narrations.push(route.request().url());
      return route.abort();
    });
    await phone.goto(`${base}/tours/${link.client_slug}/${link.model_slug}`);
    expect(tourPublicId(link.client_slug, link.model_slug)).toContain('~');
    await showcaseConnected(phone);
    const bar = phone.getByRole('region', { name: 'Guided tour' });
    await bar.getByText('Stop 1 of 3').waitFor();
    await bar.getByRole('button', { name: 'Play' }).click();
    // Each narration is 0.3 s; a stop that cannot play it (a phone's autoplay rules) goes on after 8 s of the clock.
    for (const stop of ['Living room', 'View']) {
      await phone.clock.runFor(8_000);
      await bar.getByRole('heading', { name: stop, exact: true }).waitFor();
    }
    await phone.clock.runFor(8_000);
    await bar.getByRole('button', { name: 'Play' }).waitFor();
    expect(narrations.length).toBeGreaterThanOrEqual(3);
    await bar.getByRole('button', { name: 'Back' }).click();
    await bar.getByText('Stop 2 of 3').waitFor();
    await phone.screenshot({ path: path.join(SCREENSHOTS, 'phone-guided-tour.png') });
    // One play in the tour's analytics: the visitor's Play (stepping back and forth plays nothing more).
    await hidePage(phone);
    await eventually(
      async () => sent.events(),
      (events) => events.some((event) => event.type === 'guided_tour_played'),
      'the play sent',
    );
    expect(sent.events().filter((event) => event.type === 'guided_tour_played')).toHaveLength(1);
    await visitor.close();
  });
});
