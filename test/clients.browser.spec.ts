import type { Browser, Page } from 'playwright-core';
import { fitsTheWidth, signedInPage } from './support/browser';
import type { Person, PlatformWithEmulators } from './support/platform';
import { aProperty, someClients } from './support/provider';
import { sharedBrowserPlatform } from './support/shared-platform';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/**
 * Clients and contacts in a real browser (Debian's Chromium) against the whole platform: a provider records an agency
 * (its logo link refused first in the server's words), adds the agency's agent from the client's page, puts a
 * property under the client, finds the agent on the contacts page as it types, changes the property's client from
 * its page, and makes the agent one of the property's agents; on a phone, adds and edits a contact with nothing past the screen's right edge.
 */
jest.setTimeout(90_000);

describe('clients and contacts in the browser', () => {
  let it_: PlatformWithEmulators;
  let browser: Browser;
  let release: () => Promise<void>;
  let provider: Person;
  const uncaught: string[] = [];

  beforeAll(async () => {
    ({ it_, browser, release } = await sharedBrowserPlatform());
    provider = await it_.signUp('Harbour Lights Media');
  }, 180_000);

  afterAll(async () => {
    await release?.();
    expect(uncaught).toEqual([]);
  });

  const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

  it('records a client with its agent and property, and makes the agent one of the property’s agents', async () => {
    const propertyId = await aProperty(provider, 'Seaside Villa');
    const page = await signedInPage(browser, it_.base, provider, DESKTOP, uncaught);
    await page.goto(`${it_.base}/provider/properties`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Clients' }).click();
    await page.getByRole('heading', { name: 'No clients yet' }).waitFor();

    await page.getByRole('button', { name: 'New client' }).first().click();
    const form = dialog(page, 'New client');
    await form.getByLabel('Name').fill('Harbour Realty');
    await form.getByLabel('Email').fill('office@harbour.example');
    await form.getByLabel('Logo link').fill('not a link');
    await form.getByRole('button', { name: 'Create client' }).click();
    await form.getByText('Invalid URL').waitFor();
    await form.getByLabel('Logo link').fill('');
    await form.getByRole('button', { name: 'Create client' }).click();
    await page.getByRole('heading', { level: 1, name: 'Harbour Realty' }).waitFor();

    const contacts = page.getByRole('region', { name: 'Contacts' });
    await contacts.getByText('No contacts yet: add the agents of this agency.').waitFor();
    await contacts.getByRole('button', { name: 'Add a contact' }).click();
    const newContact = dialog(page, 'New contact');
    await newContact.getByLabel('Full name').fill('Ana Ng');
    await newContact.getByRole('textbox', { name: 'Email', exact: true }).fill('ana@harbour.example');
    await newContact.getByLabel('Phone number').fill('+61 400 000 001');
    expect(await newContact.getByLabel('Client').inputValue()).not.toBe('');
    await newContact.getByRole('button', { name: 'Create contact' }).click();
    await contacts.getByRole('heading', { name: 'Ana Ng' }).waitFor();

    const properties = page.getByRole('region', { name: 'Properties' });
    await properties.getByLabel('Add a property').selectOption({ label: 'Seaside Villa' });
    await properties.getByRole('button', { name: 'Add property' }).click();
    await properties.getByRole('link', { name: 'Seaside Villa' }).waitFor();

    await page.getByRole('link', { name: '← Clients' }).click();
    await page.getByRole('list', { name: 'Clients' }).getByText('1 contact · 1 property').waitFor();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contacts' }).click();
    await page.getByLabel('Search contacts').fill('400 000');
    const found = page.getByRole('list', { name: 'Contacts' });
    await found.getByRole('heading', { name: 'Ana Ng' }).waitFor();
    await found.getByRole('link', { name: 'Harbour Realty' }).waitFor();
    await page.getByLabel('Search contacts').fill('nobody at all');
    await page.getByRole('heading', { name: 'No contacts match' }).waitFor();

    await page.goto(`${it_.base}/provider/properties/${propertyId}`);
    const details = page.getByRole('region', { name: 'Details' });
    await details.getByRole('link', { name: 'Open Harbour Realty' }).waitFor();
    expect(await details.getByLabel('Client').inputValue()).not.toBe('');
    await details.getByLabel('Client').selectOption({ label: 'No client' });
    await details.getByText('The property has no client now.').waitFor();
    expect(
      (await provider.get(`/provider/properties/${propertyId}`)).body.data.provider_client_id,
    ).toBeNull();
    await details.getByLabel('Client').selectOption({ label: 'Harbour Realty' });
    await details.getByText('The client was saved.').waitFor();

    const agents = page.getByRole('region', { name: 'Agents' });
    await agents.getByLabel('Add an agent').selectOption({ label: 'Ana Ng (ana@harbour.example)' });
    await agents.getByRole('button', { name: 'Add agent' }).click();
    await agents.getByRole('list', { name: 'Agents' }).getByText('Ana Ng').waitFor();
    const saved = await provider.get(`/provider/properties/${propertyId}/contacts`);
    const [contact] = (await provider.get('/provider/contacts?q=ana')).body.data.items;
    expect(saved.body.data).toEqual({ agent_ids: [contact.id] });
    await page.context().close();
  });

  it('adds and edits a contact on a phone, the server’s refusal under its field, nothing past the right edge', async () => {
    const page = await signedInPage(browser, it_.base, provider, PHONE, uncaught);
    await page.goto(`${it_.base}/provider/contacts`);
    await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor();
    await page.getByRole('button', { name: 'Add a contact' }).first().click();
    const form = dialog(page, 'New contact');
    await form.getByLabel('Full name').fill('Ana Again');
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill('ANA@harbour.example');
    await form.getByRole('button', { name: 'Create contact' }).click();
    await form.getByText('is already the address of another contact').waitFor();
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill('bo@coastal.example');
    await form.getByRole('button', { name: 'Create contact' }).click();
    const list = page.getByRole('list', { name: 'Contacts' });
    await list.getByRole('heading', { name: 'Ana Again' }).waitFor();

    await list.getByRole('button', { name: 'Edit Ana Again' }).click();
    const edit = dialog(page, 'Edit Ana Again');
    await edit.getByLabel('Full name').fill('Bo Coastal');
    await edit.getByRole('button', { name: 'Save contact' }).click();
    await list.getByRole('heading', { name: 'Bo Coastal' }).waitFor();
    await fitsTheWidth(page);

    await list.getByRole('button', { name: 'Delete Bo Coastal' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Bo Coastal?' })
      .getByRole('button', { name: 'Delete contact' })
      .click();
    await list.getByRole('heading', { name: 'Bo Coastal' }).waitFor({ state: 'detached' });
    await page.context().close();
  });
  it('shows a property’s client past the first hundred, and finds another by searching, on a phone', async () => {
    const agency = await it_.signUp('Many Agencies Media');
    const names = Array.from({ length: 101 }, (_, index) => `Agency ${String(index + 1).padStart(3, '0')}`);
    const ids = await someClients(agency, names);
    const propertyId = await aProperty(agency, 'Hilltop Barn');
    const placed = await agency.send('patch', `/provider/properties/${propertyId}`, {
      property: { provider_client_id: ids.get('Agency 101') },
    });
    expect(placed.status).toBe(200);

    const page = await signedInPage(browser, it_.base, agency, PHONE, uncaught);
    await page.goto(`${it_.base}/provider/properties/${propertyId}`);
    const client = page.getByRole('combobox', { name: 'Client', exact: true });
    await page.getByRole('link', { name: 'Open Agency 101' }).waitFor();
    expect(await client.inputValue()).toBe(ids.get('Agency 101'));

    await page.getByRole('searchbox', { name: 'Find a client' }).fill('agency 05');
    await client.locator('option', { hasText: 'Agency 001' }).waitFor({ state: 'detached' });
    const listed = await client.locator('option').allTextContents();
    expect(listed).toEqual(['No client', 'Agency 101', ...names.slice(49, 59)]);
    await client.selectOption({ label: 'Agency 055' });
    await page.getByText('The client was saved.').waitFor();
    await page.getByRole('searchbox', { name: 'Find a client' }).fill('nobody');
    await page.getByText('No client matches “nobody”.').waitFor();
    await fitsTheWidth(page);

    await page.reload();
    await page.getByRole('link', { name: 'Open Agency 055' }).waitFor();
    expect(await client.inputValue()).toBe(ids.get('Agency 055'));
    await page.context().close();
  });
});
