import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { WEBHOOK_EVENT_TYPES } from '@tourly/contracts';
import { type BrowserPlatform, fitsTheWidth, startBrowserPlatform } from './support/browser';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver';

const PHONE = { width: 390, height: 844 };
/** Where the journey leaves its screenshots (not committed). */
const SCREENSHOTS = path.join(__dirname, 'artifacts', 'webhooks');
const FAILURE_BODY = 'Receiver exploded: the database is down';

/**
 * Outgoing webhooks in a real browser (Debian's Chromium) at a phone's width, against the whole platform and a real
 * receiver on 127.0.0.1 that verifies what it gets as any Standard Webhooks library would. The demo provider's admin
 * opens Developers from Settings, sets webhooks up, adds an endpoint (refused under its fields first), copies its
 * secret and sends a test event that arrives signed with it; the receiver then fails, the delivery fails with the
 * receiver's answer in its attempt log and the endpoint is turned off with its reason; back up, the endpoint is
 * enabled again and the delivery replayed with its message id; the secret is rotated (deliveries signed with both),
 * the endpoint edited and deleted.
 */
// A whole journey in a browser against the whole platform: on a loaded 2-core CI machine it takes 30 s or more.
jest.setTimeout(120_000);

describe('webhooks on the Developers page', () => {
  let it_: BrowserPlatform;
  let base: string;
  let receiver: WebhookReceiver;
  /** Errors no page code caught: each would be a bug, whatever the page showed. */
  const uncaught: string[] = [];

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    it_ = await startBrowserPlatform({
      env: {
        // One retry, soon: a failing delivery gives up in about a second instead of a day.
        WEBHOOK_RETRY_BACKOFF_MS: '500',
        // An endpoint whose delivery gives up is turned off at once (5 days in production).
        WEBHOOK_DISABLE_AFTER_MS: '0',
      },
    });
    base = it_.base;
    mkdirSync(SCREENSHOTS, { recursive: true });
  }, 180_000);

  afterAll(async () => {
    await it_?.stop();
    await receiver?.stop();
    expect(uncaught).toEqual([]);
  });

  /** The whole page; a modal (fixed over the page) as the screen shows it. */
  const shoot = (page: Page, name: string, fullPage = true) =>
    page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage });

  /** The value a label of a `<dl>` in `scope` shows. */
  const detail = (scope: Locator, label: string) =>
    scope.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

  it('sets up webhooks, delivers a signed test event, shows a failure, replays it, rotates the secret and deletes the endpoint', async () => {
    const context = await it_.phoneContext({ clipboard: true });
    const page = await context.newPage();
    page.on('pageerror', (error) => uncaught.push(error.message));
    const hooks = receiver.url('/hooks');

    // Signed in as the demo provider's admin, Settings leads to Developers.
    await it_.signIn(page, 'provider@demo.test');
    await page.waitForURL(/\/provider\/properties/);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    const developers = page.getByRole('region', { name: 'Developers' });
    await developers.getByRole('link', { name: 'Manage webhooks →' }).click();
    await page.waitForURL(`${base}/provider/settings/developers`);
    await page.getByRole('heading', { name: 'Developers', level: 1 }).waitFor();

    // No subscription yet: what webhooks are, and "Set up webhooks".
    const intro = page.getByRole('region', { name: 'Webhooks' });
    await intro.getByText(/Webhooks send what happens in your account to your own systems/).waitFor();
    await fitsTheWidth(page);
    await shoot(page, 'phone-set-up');
    await intro.getByRole('button', { name: 'Set up webhooks' }).click();
    const endpoints = page.getByRole('region', { name: 'Webhook endpoints' });
    await endpoints.getByText('No endpoints yet').waitFor();
    await endpoints.getByText('0 of 10 endpoints.').waitFor();

    // The form refuses what the server refuses, each under its field.
    await endpoints.getByRole('button', { name: 'Add endpoint' }).first().click();
    const form = page.getByRole('dialog', { name: 'Add endpoint' });
    const url = form.getByRole('textbox', { name: 'URL' });
    await url.fill('ftp://127.0.0.1/hooks');
    await form.getByRole('textbox', { name: 'Description' }).fill('Our CRM');
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    const events = form.getByRole('group', { name: 'Event types' });
    await events.getByText('Event types must list at least one event type').waitFor();
    await events.getByRole('button', { name: 'Select all' }).click();
    expect(await events.getByRole('checkbox', { checked: true }).count()).toBe(WEBHOOK_EVENT_TYPES.length);
    await events.getByRole('button', { name: 'Select none' }).click();
    await events.getByRole('checkbox', { name: /^property\.created/ }).check();
    await events.getByRole('checkbox', { name: /^lead\.received A visitor sent the contact form/ }).check();
    await events
      .getByText(`2 of ${WEBHOOK_EVENT_TYPES.length} chosen: only these are sent to the endpoint.`)
      .waitFor();
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await form.getByText('URL must use https').waitFor();
    expect(await url.getAttribute('aria-invalid')).toBe('true');
    expect(await events.getByText(/must list at least one event type/).count()).toBe(0);
    await fitsTheWidth(page);
    await shoot(page, 'phone-add-endpoint-refused', false);
    await url.fill(hooks);
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await form.waitFor({ state: 'detached' });

    // The new endpoint, with its secret shown this once.
    const card = endpoints.getByRole('article', { name: hooks });
    const panel = card.getByRole('region', { name: 'The endpoint’s signing secret' });
    await panel.getByText('Copy it now: it is not shown again.').waitFor();
    await panel.getByText(/any Standard Webhooks library/).waitFor();
    const secret = await panel.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32,}$/);
    await panel.getByRole('button', { name: 'Copy secret' }).click();
    await panel.getByRole('status').getByText('Copied.').waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(secret);
    await card.getByText('Our CRM').waitFor();
    await card.getByText('Enabled', { exact: true }).waitFor();
    await detail(card, 'Events').getByText('2 event types').waitFor();
    expect(
      await card.getByRole('list', { name: 'Event types' }).getByRole('listitem').allInnerTexts(),
    ).toEqual(['property.created', 'lead.received']);
    expect(await detail(card, 'Signing secret').innerText()).toBe(`whsec_…${secret.slice(-4)}`);
    await endpoints.getByText('1 of 10 endpoints.').waitFor();
    await fitsTheWidth(page);
    await shoot(page, 'phone-secret-once');
    await panel.getByRole('button', { name: 'I have copied it' }).click();
    await panel.waitFor({ state: 'detached' });

    // A test event: the deliveries list shows it succeed, and the receiver got it, signed with the secret.
    await card.getByRole('button', { name: 'Send test event' }).click();
    await card.getByRole('status').getByText('Test event sent: it shows in the deliveries below.').waitFor();
    const deliveries = card.getByRole('list', { name: 'Deliveries' }).getByRole('listitem');
    const first = deliveries.first();
    await first.getByText('Succeeded', { exact: true }).waitFor();
    await first.getByText('webhook.test', { exact: true }).waitFor();
    await detail(first, 'Last answer').getByText('HTTP 204').waitFor();
    expect(await detail(first, 'Attempts').innerText()).toBe('1');
    expect(await detail(first, 'Latency').innerText()).toMatch(/^\d+ ms$|^\d+(\.\d)? s$/);
    expect(receiver.at('/hooks')).toHaveLength(1);
    const tested = receiver.at('/hooks')[0]!;
    expect(tested.payload.type).toBe('webhook.test');
    expect(receiver.verify(secret, tested)).toEqual(tested.payload);
    expect(() => receiver.verify(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, tested)).toThrow();
    await detail(card, 'Deliveries').getByText('1 succeeded').waitFor();
    await fitsTheWidth(page);
    await shoot(page, 'phone-test-succeeded');

    // The receiver fails: the delivery is tried again, then fails with its answer; the endpoint is turned off.
    receiver.answerWith(() => ({ status: 500, body: FAILURE_BODY }));
    await card.getByRole('button', { name: 'Send test event' }).click();
    await deliveries.nth(1).waitFor();
    await first.getByText('Failed', { exact: true }).waitFor();
    await detail(first, 'Last answer').getByText('HTTP 500').waitFor();
    expect(await detail(first, 'Attempts').innerText()).toBe('2');
    const turnedOff = card.getByRole('region', { name: /^This endpoint was turned off on / });
    await turnedOff.getByText(/HTTP 500/).waitFor();
    await turnedOff.getByText(/No events are sent to it until it is enabled again/).waitFor();
    await card.getByText('Disabled', { exact: true }).waitFor();
    await detail(card, 'Deliveries').getByText('1 failed').waitFor();
    expect(await card.getByRole('button', { name: 'Send test event' }).isDisabled()).toBe(true);
    await fitsTheWidth(page);
    await shoot(page, 'phone-endpoint-disabled');

    // Its attempt log: each attempt's HTTP 500 and the start of the receiver's answer, and the payload as sent.
    await first.getByRole('button', { name: /^Details/ }).click();
    const delivery = page.getByRole('dialog', { name: 'Delivery of webhook.test' });
    await detail(delivery, 'Status').getByText('Failed', { exact: true }).waitFor();
    const attempts = delivery.getByRole('list', { name: 'Attempts' }).getByRole('listitem');
    expect(await attempts.count()).toBe(2);
    await attempts.first().getByText('Attempt 2').waitFor();
    await attempts.first().getByText('HTTP 500').waitFor();
    await attempts.first().getByText(FAILURE_BODY).waitFor();
    await attempts.nth(1).getByText(FAILURE_BODY).waitFor();
    const failedOnes = receiver.at('/hooks').slice(1);
    expect(failedOnes).toHaveLength(2);
    const messageId = failedOnes[0]!.id;
    expect(failedOnes[1]!.id).toBe(messageId);
    expect(await detail(delivery, 'Message id').innerText()).toBe(messageId);
    const payload = await delivery.getByRole('region', { name: 'Payload' }).locator('pre').innerText();
    expect(JSON.parse(payload)).toEqual(failedOnes[0]!.payload);
    expect(payload).toBe(JSON.stringify(JSON.parse(failedOnes[0]!.body), null, 2));
    expect(payload).toContain('"endpoint_id"');
    await fitsTheWidth(page);
    await shoot(page, 'phone-attempt-log', false);
    await delivery.getByRole('button', { name: 'Close' }).click();

    // The receiver is fixed: enabled again, the delivery replayed with its message id, and it succeeds.
    receiver.answerWith(() => ({ status: 200, body: 'ok' }));
    await turnedOff.getByRole('button', { name: 'Enable again' }).click();
    await card
      .getByRole('status')
      .getByText('The endpoint is on again: new events are sent to it.')
      .waitFor();
    await card.getByText('Enabled', { exact: true }).waitFor();
    expect(await card.getByText('This endpoint was turned off').count()).toBe(0);
    await first.getByRole('button', { name: /^Details/ }).click();
    await delivery.getByRole('button', { name: 'Replay' }).click();
    await detail(delivery, 'Status').getByText('Succeeded', { exact: true }).waitFor();
    await attempts.first().getByText('HTTP 200').waitFor();
    await delivery.getByRole('button', { name: 'Close' }).click();
    await first.getByText('Succeeded', { exact: true }).waitFor();
    const replayed = receiver.at('/hooks')[3]!;
    expect(replayed.id).toBe(messageId);
    expect(receiver.verify(secret, replayed)).toEqual(failedOnes[0]!.payload);
    await detail(card, 'Deliveries').getByText('2 succeeded').waitFor();
    await detail(card, 'Deliveries').getByText('0 failed').waitFor();

    // Rotating the secret (asked first): the new one shown once; deliveries carry both signatures for a day.
    await card.getByRole('button', { name: 'Rotate secret' }).click();
    const rotate = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
    await rotate.getByText(/keeps verifying for 24 hours/).waitFor();
    await fitsTheWidth(page);
    await rotate.getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = card.getByRole('region', { name: 'The endpoint’s new signing secret' });
    const newSecret = await rotated.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(secret);
    await rotated.getByText(/The previous secret keeps verifying for 24 hours, until/).waitFor();
    await detail(card, 'Signing secret')
      .getByText(`whsec_…${newSecret.slice(-4)}`)
      .waitFor();
    await detail(card, 'Signing secret')
      .getByText(/The previous secret still verifies until/)
      .waitFor();
    await fitsTheWidth(page);
    await shoot(page, 'phone-secret-rotated');
    await rotated.getByRole('button', { name: 'I have copied it' }).click();
    await card.getByRole('button', { name: 'Send test event' }).click();
    await deliveries.nth(2).waitFor();
    await first.getByText('Succeeded', { exact: true }).waitFor();
    const afterRotation = receiver.at('/hooks')[4]!;
    expect(afterRotation.signature.split(' ')).toHaveLength(2);
    expect(receiver.verify(newSecret, afterRotation)).toEqual(afterRotation.payload);
    expect(receiver.verify(secret, afterRotation)).toEqual(afterRotation.payload);

    // Edited: only what changed is sent; the card shows it.
    await card.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit endpoint' });
    await edit.getByRole('textbox', { name: 'Description' }).fill('Our CRM, production');
    await edit.getByRole('checkbox', { name: /^order\.finalised/ }).check();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.waitFor({ state: 'detached' });
    await card.getByText('Our CRM, production').waitFor();
    await detail(card, 'Events').getByText('3 event types').waitFor();
    await page.setViewportSize({ width: 1280, height: 900 });
    await shoot(page, 'desktop-endpoint');
    await page.setViewportSize(PHONE);

    // Deleted, after asking.
    await card.getByRole('button', { name: 'Delete' }).click();
    const remove = page.getByRole('dialog', { name: 'Delete this endpoint?' });
    await remove.getByText(hooks).waitFor();
    await remove.getByRole('button', { name: 'Delete endpoint' }).click();
    await card.waitFor({ state: 'detached' });
    await endpoints.getByText('No endpoints yet').waitFor();
    await fitsTheWidth(page);
    await context.close();
  });

  it('tells a member that only admins manage webhooks', async () => {
    // A member of the demo provider (no page adds one yet: a test builder, as the sign-in suite does).
    const email = 'member.webhooks@demo.test';
    await it_.aDemoMember(email, 'Mo', 'Member');
    const page = await it_.phone();
    page.on('pageerror', (error) => uncaught.push(error.message));
    await it_.signIn(page, email);
    await page.waitForURL(/\/provider\/properties/);

    // Settings has no way to Developers for a member, and the page itself says who manages webhooks.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await page.getByText(/can change these settings/).waitFor();
    expect(await page.getByRole('region', { name: 'Developers' }).count()).toBe(0);
    await page.goto(`${base}/provider/settings/developers`);
    await page.getByRole('heading', { name: 'Developers', level: 1 }).waitFor();
    await page.getByText('Only the admins of your account manage webhooks.', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Set up webhooks' }).count()).toBe(0);
    await fitsTheWidth(page);
    await shoot(page, 'phone-member');
    await page.context().close();
  });
});
