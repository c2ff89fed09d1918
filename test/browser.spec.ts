import type { Page } from 'playwright-core';
import { IMPERSONATION_SECRETS_FORBIDDEN } from '@tourly/contracts';
import { uuidv7 } from '@tourly/platform';
import { DEMO_PASSWORD, DEMO_PROVIDER } from '@tourly/identity';
import { type BrowserPlatform, fitsTheWidth, startBrowserPlatform } from './support/browser';

/**
 * What a person does in a real browser (Debian's Chromium), against the whole platform with the vendor
 * emulators: one platform for every case (each starts its own browser context), to keep the suite quick.
 */
// Whole journeys in a browser against the whole platform: on a loaded 2-core CI machine one takes 30 s or more
// (one run timed out at the default 30 s). Every wait inside is on what the page shows.
jest.setTimeout(90_000);

describe('in the browser', () => {
  let it_: BrowserPlatform;
  let base: string;

  beforeAll(async () => {
    it_ = await startBrowserPlatform();
    base = it_.base;
  }, 180_000);

  afterAll(() => it_?.stop());

  async function heading(page: Page, name: string): Promise<void> {
    await page.getByRole('heading', { name, level: 1 }).waitFor();
  }

  async function demoProviderId(): Promise<string> {
    const [row] = (await it_.identityDb.dataSource.query('SELECT id FROM providers WHERE name = $1', [
      DEMO_PROVIDER,
    ])) as Array<{ id: string }>;
    return row.id;
  }

  /** What an API key may read: the provider's settings, as an integration would ask. */
  async function settingsWithKey(apiKey: string): Promise<number> {
    const response = await fetch(`${base}/provider/settings`, {
      headers: { accept: 'application/json', 'x-api-key': apiKey },
    });
    return response.status;
  }

  it('sends a signed-out visitor to sign in, explains a wrong password, then brings them back', async () => {
    const page = await it_.phone();
    await page.goto(`${base}/provider/properties`);
    await page.waitForURL(/\/users\/sign_in\?return_to=%2Fprovider%2Fproperties/);
    await it_.signIn(page, 'provider@demo.test', 'not-the-password');
    await page.getByText('Invalid email or password.').waitFor();
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${base}/provider/properties`);
    await heading(page, 'Properties');

    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/users\/sign_in/);
    await page.context().close();
  });

  it('never follows a return_to that resolves to another site after a real sign-in', async () => {
    const page = await it_.phone();
    // `/..//evil.example/phish` starts with one slash, but the browser resolves it to `//evil.example/phish`.
    await page.goto(`${base}/users/sign_in?return_to=%2F..%2F%2Fevil.example%2Fphish`);
    await it_.signIn(page, 'provider@demo.test');
    await page.waitForURL(`${base}/provider/properties`);
    expect(new URL(page.url()).origin).toBe(new URL(base).origin);
    await page.context().close();
  });

  it('resets a forgotten password from the emailed link, then signs in with the new one', async () => {
    const page = await it_.phone();
    await page.goto(`${base}/users/sign_in`);
    await page.getByLabel('Email').fill('supplier@demo.test');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL(`${base}/users/password/new?email=supplier%40demo.test`);
    await heading(page, 'Reset your password');
    expect(await page.getByLabel('Email').inputValue()).toBe('supplier@demo.test');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page
      .getByRole('status')
      .getByText(
        'If an account exists for that email, a link to reset its password is on its way. It works for one hour.',
      )
      .waitFor();

    const [email] = await it_.emailsTo('supplier@demo.test');
    const link = /(http\S+\/users\/password\/edit\?reset_password_token=\S+)/.exec(email.textBody)?.[1];
    expect(link).toContain(`${base}/users/password/edit?reset_password_token=`);
    await page.goto(link as string);
    await heading(page, 'Choose a new password');
    await page.getByLabel('New password', { exact: true }).fill('a-new-password-1');
    await page.getByLabel('Confirm new password').fill('a-new-password-2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Confirm new password does not match the new password').waitFor();
    await page.getByLabel('Confirm new password').fill('a-new-password-1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password has been changed. Sign in with the new one.').waitFor();

    // The link works once: opened again, it says so at once, before any password is typed, and offers a new one.
    await page.goto(link as string);
    await heading(page, 'Choose a new password');
    await page
      .getByRole('alert')
      .getByText('This link is invalid or has expired; ask for a new link')
      .waitFor();
    expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0);
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await page.waitForURL(`${base}/users/password/new`);
    await heading(page, 'Reset your password');

    await it_.signIn(page, 'supplier@demo.test', 'a-new-password-1');
    await page.waitForURL(`${base}/external_supplier`);
    await page.context().close();
  });

  it('signs up through the captcha and the emailed code, then names the person and the business', async () => {
    const page = await it_.phone();
    const email = 'owner@harbour-photography.test';
    await page.goto(`${base}/users/sign_in`);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL(`${base}/users/sign_up`);
    await heading(page, 'Create your account');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('harbour-pass-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Please confirm you are not a robot.').waitFor();
    await page.getByRole('checkbox', { name: "I'm not a robot" }).check();
    await page.getByRole('button', { name: 'Create account' }).click();

    // The account exists once the emailed code comes back (an address with an account gets a note instead).
    await heading(page, 'Check your email');
    await page.getByText(`We emailed a 6-digit code to ${email}.`, { exact: false }).waitFor();
    const [codeEmail] = await it_.emailsTo(email);
    const code = /sign-up code: (\d{6})$/.exec(codeEmail.subject)?.[1] as string;
    const wrong = code === '123456' ? '654321' : '123456';
    await page.getByLabel('Code').fill(wrong);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page
      .getByText('is incorrect or has expired; check the latest email, or start again', { exact: false })
      .waitFor();
    await page.getByLabel('Code').fill(code);
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL(`${base}/sign_up/finalize`);
    await page.getByText('Step 2 of 4').waitFor();
    await page.getByLabel('First name').fill('Hana');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Required').waitFor();
    await page.getByLabel('Last name').fill('Harbour');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL(`${base}/sign_up/setup_provider`);
    await page.getByLabel('Business name').fill('Harbour Photography');
    await page.getByRole('button', { name: 'Create business' }).click();

    await page.waitForURL(`${base}/sign_up/survey`);
    await heading(page, 'A few questions');
    await page.getByRole('radio', { name: 'Real-estate photographer' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();

    // The code confirmed the address already: the last step says so, and no reminder follows.
    await page.waitForURL(`${base}/contact_confirmations`);
    await heading(page, 'Email address confirmed');
    await page.getByRole('link', { name: 'Continue to your properties' }).click();
    await page.waitForURL(`${base}/provider/properties`);
    await heading(page, 'Properties');
    expect(await page.getByRole('region', { name: 'Email confirmation' }).count()).toBe(0);

    // The business is theirs: its settings carry its name, and they are its admin.
    await page.goto(`${base}/provider/settings`);
    await page.getByText('Harbour Photography').waitFor();
    await page.getByRole('heading', { name: 'Access log' }).waitFor();
    await page.context().close();
  });

  it('reminds a person whose email is unconfirmed, and the emailed code confirms it', async () => {
    // An account made before sign-up confirmed addresses (or by the back office): a test builder.
    const email = 'unconfirmed@demo.test';
    await it_.aDemoMember(email, 'Una', 'Confirmed');
    const page = await it_.phone();
    await it_.signIn(page, email);
    await page.waitForURL(`${base}/provider/properties`);
    const reminder = page.getByRole('region', { name: 'Email confirmation' });
    await reminder.getByRole('link', { name: 'Enter the code' }).click();
    await heading(page, 'Confirm your email address');
    await page.getByRole('button', { name: 'Send a new code' }).click();
    await page.getByText(`We emailed a 6-digit code to ${email}`).waitFor();
    await page.getByText('you have 5 attempts left').waitFor();
    const [codeEmail] = await it_.emailsTo(email);
    const code = /(\d{6})$/.exec(codeEmail.subject)?.[1] as string;
    const wrong = code === '123456' ? '654321' : '123456';
    await page.getByLabel('Code').fill(wrong);
    await page.getByRole('button', { name: 'Confirm email' }).click();
    await page.getByText('Code is incorrect; 4 attempts left').waitFor();
    await page.getByText('you have 4 attempts left').waitFor();
    // The code left less than a minute ago: the server's answer says what to do.
    await page.getByRole('button', { name: 'Send a new code' }).click();
    await page.getByText('A code was sent less than a minute ago.', { exact: false }).waitFor();
    await page.getByLabel('Code').fill(code);
    await page.getByRole('button', { name: 'Confirm email' }).click();
    await heading(page, 'Email address confirmed');
    await page.getByRole('link', { name: 'Continue to your properties' }).click();
    await page.waitForURL(`${base}/provider/properties`);
    await heading(page, 'Properties');
    expect(await reminder.count()).toBe(0);
    await page.context().close();
  });

  it('shows a new API key once, replaces it after asking, and words refusals as the server does', async () => {
    const context = await it_.phoneContext({ clipboard: true });
    const page = await context.newPage();
    await it_.signIn(page, 'provider@demo.test');
    await page.waitForURL(`${base}/provider/properties`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await heading(page, 'Settings');
    await page.getByText(DEMO_PROVIDER, { exact: true }).waitFor();

    const subdomain = page.getByLabel('Subdomain');
    expect(await subdomain.inputValue()).toBe('demo-media');
    await subdomain.fill('www');
    await page.getByRole('button', { name: 'Save subdomain' }).click();
    await page.getByText('Subdomain is reserved; please choose another').waitFor();
    await subdomain.fill('demo-media-tours');
    await page.getByRole('button', { name: 'Save subdomain' }).click();
    await page.getByText('Subdomain saved.').waitFor();

    // The first key needs no confirmation: nothing stops working.
    const apiKey = page.getByRole('region', { name: 'API key' });
    await apiKey.getByRole('button', { name: 'Generate an API key' }).click();
    const shown = apiKey.getByLabel('New API key');
    const firstKey = await shown.inputValue();
    expect(firstKey).toMatch(/^tou_/);
    await apiKey.getByText('it will not be shown again').waitFor();
    await apiKey.getByRole('button', { name: 'Copy key' }).click();
    await apiKey.getByText('Copied.').waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(firstKey);
    expect(await settingsWithKey(firstKey)).toBe(200);
    await apiKey.getByRole('button', { name: 'I have copied it' }).click();

    // Replacing it asks first; cancelling keeps it.
    await apiKey.getByRole('button', { name: 'Regenerate API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Regenerate the API key?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await apiKey.getByRole('button', { name: 'Regenerate API key' }).click();
    await dialog.getByRole('button', { name: 'Regenerate' }).click();
    const secondKey = await shown.inputValue();
    expect(secondKey).not.toBe(firstKey);
    // (That the old key stops working is identity's and the gateway's to test: it takes up to 2 s.)
    expect(await settingsWithKey(secondKey)).toBe(200);

    // Shown once: after a reload only its hint remains, and the access log has its use.
    await page.reload();
    await heading(page, 'Settings');
    await apiKey
      .getByRole('definition')
      .filter({ hasText: `…${secondKey.slice(-4)}` })
      .waitFor();
    expect(await page.getByText(secondKey).count()).toBe(0);
    const accessLog = page.getByRole('region', { name: 'Access log' });
    await accessLog.getByText('API key used').first().waitFor();
    await accessLog.getByText('Sign-in').first().waitFor();

    // White-label domains need a paid plan: the refusal says so, and what to do.
    const domain = page.getByRole('region', { name: 'White-label domain' });
    await domain.getByText('Not set up').waitFor();
    await domain.getByLabel('Domain').fill('tours.demo-media.test');
    await domain.getByRole('button', { name: 'Activate' }).click();
    await domain
      .getByText('White-label domains come with the Creator and Pro plans. Upgrade your plan to use one.')
      .waitFor();
    await context.close();
  });

  it('keeps a member’s own names and phone number from the Settings page, the server’s refusals under their fields', async () => {
    // A member of their own, with the demo password (other cases sign in as the demo provider).
    const email = 'profile-agent@demo.test';
    await it_.identityDb.dataSource.query(
      `WITH agent AS (
         INSERT INTO users (id, email, first_name, last_name, password_hash, primary_provider_id, email_confirmed_at)
         SELECT $1, $2, 'Pat', 'Agent', password_hash, $3, now() FROM users WHERE email = 'provider@demo.test'
         RETURNING id)
       INSERT INTO memberships (user_id, provider_id, role) SELECT id, $3, 'member' FROM agent`,
      [uuidv7(), email, await demoProviderId()],
    );
    const page = await it_.phone();
    await it_.signIn(page, email);
    await page.waitForURL(`${base}/provider/properties`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await heading(page, 'Settings');

    const profile = page.getByRole('region', { name: 'Profile' });
    const phoneNumber = profile.getByLabel('Phone number');
    await phoneNumber.waitFor();
    expect(await profile.getByLabel('First name').inputValue()).toBe('Pat');
    expect(await profile.getByLabel('Last name').inputValue()).toBe('Agent');
    expect(await phoneNumber.inputValue()).toBe('');
    await profile.getByText('Shown to visitors on tours where you are an agent.', { exact: false }).waitFor();

    await phoneNumber.fill('555-0199 ext 2');
    await profile.getByLabel('Last name').fill(' ');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await profile.getByText('Required', { exact: true }).waitFor();
    await profile.getByText('Phone number may contain only digits, spaces and + - ( ) .').waitFor();
    expect(await profile.getByLabel('Last name').getAttribute('aria-invalid')).toBe('true');

    await profile.getByLabel('Last name').fill('Agentson');
    await phoneNumber.fill(' +1 (555) 010-4242 ');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await profile.getByText('Profile saved.').waitFor();
    expect(await phoneNumber.inputValue()).toBe('+1 (555) 010-4242');
    // Nothing of the section spills past a phone's width.
    await fitsTheWidth(page);

    // Kept: a desktop-sized reload shows what was saved.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await heading(page, 'Settings');
    await phoneNumber.waitFor();
    expect(await profile.getByLabel('Last name').inputValue()).toBe('Agentson');
    expect(await phoneNumber.inputValue()).toBe('+1 (555) 010-4242');

    // Emptied, the number is gone: visitors see none.
    await phoneNumber.fill('');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await profile.getByText('Profile saved.').waitFor();
    const [row] = (await it_.identityDb.dataSource.query('SELECT phone_number FROM users WHERE email = $1', [
      email,
    ])) as Array<{ phone_number: string | null }>;
    expect(row.phone_number).toBeNull();
    await page.context().close();
  });

  it('sends each back-office role to its own area after signing in, where the app bar signs them out', async () => {
    // A supplier of its own, with the demo password (another case changes the demo supplier's).
    await it_.identityDb.dataSource.query(
      `INSERT INTO users (id, email, first_name, last_name, password_hash, staff_role, email_confirmed_at)
       SELECT $1, 'landing-supplier@demo.test', 'Lana', 'Supplier', password_hash, 'external_supplier', now()
         FROM users WHERE email = 'admin@demo.test'`,
      [uuidv7()],
    );
    for (const [email, area, label] of [
      ['va@demo.test', 'virtual_assistant', 'Virtual assistant'],
      ['landing-supplier@demo.test', 'external_supplier', 'External supplier'],
      ['admin@demo.test', 'admin', 'Admin'],
    ] as const) {
      const page = await it_.phone();
      await it_.signIn(page, email);
      await page.waitForURL(`${base}/${area}`);
      await heading(page, label);
      expect(await page.getByText('You are not allowed to do this').count()).toBe(0);
      // A bookmark of the provider pages leads back to the person's own area.
      await page.goto(`${base}/provider/properties`);
      await page.waitForURL(`${base}/${area}`);
      await heading(page, label);

      await page.getByRole('button', { name: 'Profile' }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      await page.waitForURL(/\/users\/sign_in$/);
      await page.goto(`${base}/${area}`);
      await page.waitForURL(/\/users\/sign_in\?return_to=/);
      await page.context().close();
    }
  }, 90_000);

  it('lets an admin on a phone impersonate a provider from labelled row actions, and stop from the banner', async () => {
    const page = await it_.phone();
    await it_.signIn(page, 'admin@demo.test');
    await page.waitForURL(`${base}/admin`);
    await page.goto(`${base}/admin/providers`);
    await page.getByPlaceholder('Name or subdomain').fill('demo');
    await page.waitForURL(/filter=.*demo/);
    // Each row action says what it does, on a phone too, where each provider is a block of its own.
    const providerRow = page
      .getByRole('list', { name: 'Providers' })
      .getByRole('listitem')
      .filter({ hasText: DEMO_PROVIDER });
    for (const [role, name, text] of [
      ['link', `Users of ${DEMO_PROVIDER}`, 'Users'],
      ['link', `White-label domain of ${DEMO_PROVIDER}`, 'Domain'],
      ['button', `Impersonate ${DEMO_PROVIDER}`, 'Impersonate'],
    ] as const) {
      const action = providerRow.getByRole(role, { name });
      await action.waitFor();
      expect((await action.innerText()).trim().toLowerCase()).toBe(text.toLowerCase());
      expect((await action.boundingBox())?.width).toBeGreaterThan(40);
    }
    await providerRow.getByRole('button', { name: `Impersonate ${DEMO_PROVIDER}` }).click();

    await page.waitForURL(`${base}/provider/properties`);
    const banner = page.getByRole('region', { name: 'Impersonation' });
    await banner.getByText(`You are viewing ${DEMO_PROVIDER} as an administrator.`).waitFor();
    await page.setViewportSize({ width: 1280, height: 900 });
    // The provider's secrets stay theirs: the API key and the webhooks' secrets and addresses are not offered to an
    // impersonating admin, who is told why in the server's words (the server refuses them anyway).
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await heading(page, 'Settings');
    await banner.waitFor();
    const apiKey = page.getByRole('region', { name: 'API key' });
    await apiKey.getByText(IMPERSONATION_SECRETS_FORBIDDEN).waitFor();
    expect(await apiKey.getByRole('button', { name: /generate/i }).count()).toBe(0);

    // Stopping comes back to the console page the impersonation started from: the list, searched as it was.
    await banner.getByRole('button', { name: 'Stop impersonating' }).click();
    await page.waitForURL(/\/admin\/providers\?.*demo/);
    await page.getByRole('row').filter({ hasText: DEMO_PROVIDER }).waitFor();
    expect(await banner.count()).toBe(0);

    // The audit log has it.
    await page.goto(`${base}/admin/impersonations`);
    const row = page.getByRole('row').filter({ hasText: DEMO_PROVIDER });
    await row.getByText('provider@demo.test').first().waitFor();
    await row.getByText('admin@demo.test').first().waitFor();

    // A provider's users, each of whom can be given it as the provider their next sign-in starts in.
    await page.goto(`${base}/admin/providers`);
    await page.getByRole('link', { name: `Users of ${DEMO_PROVIDER}` }).click();
    await page
      .getByRole('button', { name: `Make primary provider: ${DEMO_PROVIDER} for provider@demo.test` })
      .click();
    await page
      .getByText(`provider@demo.test will start in ${DEMO_PROVIDER} at their next sign-in.`)
      .waitFor();
    await page.context().close();
  });

  it("lets a virtual assistant mark a provider's white-label domain active, which the provider sees and an admin can correct", async () => {
    // Requested on a plan that includes it (the plan comes from billing, which is not part of this case: identity's
    // projection of it, a test builder; without it the domain would read "Paused").
    await it_.identityDb.dataSource.query(
      `INSERT INTO whitelabeled_domains (id, provider_id, subdomain, status) VALUES ($1, $2, $3, 'pending')`,
      [uuidv7(), await demoProviderId(), 'tours.demo-media.test'],
    );
    await it_.identityDb.dataSource.query(
      `INSERT INTO provider_plans (provider_id, product_code, status, premium_tour_limit, changed_at)
       VALUES ($1, 'vt_creator_plan', 'active', 100, now())
       ON CONFLICT (provider_id) DO UPDATE SET product_code = 'vt_creator_plan', status = 'active', premium_tour_limit = 100`,
      [await demoProviderId()],
    );
    // On a phone: each row action shows its label.
    const page = await it_.phone();
    await it_.signIn(page, 'va@demo.test');
    await page.waitForURL(`${base}/virtual_assistant`);
    await page.goto(`${base}/virtual_assistant/whitelabeled-domains`);
    const row = page
      .getByRole('list', { name: 'White-label domains' })
      .getByRole('listitem')
      .filter({ hasText: 'tours.demo-media.test' });
    await row.getByText('In Progress').waitFor();
    const markActive = row.getByRole('button', { name: 'Mark tours.demo-media.test active' });
    expect((await markActive.innerText()).trim().toLowerCase()).toBe('mark active');
    expect(
      (
        await row.getByRole('button', { name: 'Mark tours.demo-media.test failed' }).innerText()
      ).toLowerCase(),
    ).toContain('mark failed');
    await markActive.click();
    await page.getByText('tours.demo-media.test is active.').waitFor();
    // It leaves the queue of domains to set up.
    await row.waitFor({ state: 'detached' });
    await page.context().close();

    const provider = await it_.phone();
    await it_.signIn(provider, 'provider@demo.test');
    await provider.waitForURL(`${base}/provider/properties`);
    await provider.goto(`${base}/provider/settings`);
    const domain = provider.getByRole('region', { name: 'White-label domain' });
    await domain.getByText('Active', { exact: true }).waitFor();
    await domain.getByText('Your tours are served at tours.demo-media.test.').waitFor();
    await provider.context().close();

    // An administrator corrects the domain, which sends it back to set-up.
    const admin = await it_.phone();
    await it_.signIn(admin, 'admin@demo.test');
    await admin.waitForURL(`${base}/admin`);
    await admin.goto(`${base}/admin/whitelabeled_domains`);
    const domains = admin.getByRole('list', { name: 'White-label domains' }).getByRole('listitem');
    const adminRow = domains.filter({ hasText: 'tours.demo-media.test' });
    const edit = adminRow.getByRole('button', { name: `Edit domain of ${DEMO_PROVIDER}` });
    expect((await edit.innerText()).trim().toLowerCase()).toBe('edit domain');
    await edit.click();
    const dialog = admin.getByRole('dialog', { name: `Domain of ${DEMO_PROVIDER}` });
    await dialog.getByLabel('Domain').fill('not a domain');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Domain is not a domain name (for example tours.your-agency.com)').waitFor();
    await dialog.getByLabel('Domain').fill('tours.demo-media.example');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('tours.demo-media.example is back in the set-up queue.').waitFor();
    await domains.filter({ hasText: 'tours.demo-media.example' }).getByText('In Progress').waitFor();
    await admin.context().close();
  }, 90_000);
});
