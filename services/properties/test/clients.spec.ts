import { MESSAGES, tourPublicId } from '@tourly/contracts';
import { rows } from '@tourly/platform';
import { aProperty } from './media-support';
import { shareTour, startProperties, type PropertiesAlone, type Person } from './support';

/**
 * Clients and contacts (issue 31; properties alone): the agencies a provider works for and the people it works with
 * who are not its users. Each bad input is refused in clear words with nothing stored, another provider's records
 * are a 404 (never their data), a client's properties are listed, and a contact can be a property's agent whom the
 * tour's visitors see.
 */
describe('clients and contacts', () => {
  let it_: PropertiesAlone;
  let provider: Person;
  let other: Person;

  beforeAll(async () => {
    it_ = await startProperties();
    provider = await it_.signUp('Harbour Media');
    other = await it_.signUp('Other Media');
  });
  afterAll(() => it_.stop());

  const db = () => it_.propertiesDb.dataSource;
  const aClient = async (person: Person, form: Record<string, unknown>) => {
    const created = await person.send('post', '/provider/clients/create_from_dashboard', {
      client_form: form,
    });
    expect(created.status).toBe(201);
    return created.body.data as { id: string; name: string };
  };
  const aContact = async (person: Person, contact: Record<string, unknown>) => {
    const created = await person.send('post', '/provider/contacts/create_from_dashboard', { contact });
    expect(created.status).toBe(201);
    return created.body.data as { id: string; full_name: string };
  };
  const count = async (table: 'provider_clients' | 'contacts', providerId: string) =>
    (
      await rows<{ n: number }>(db(), `SELECT count(*)::int AS n FROM ${table} WHERE provider_id = $1`, [
        providerId,
      ])
    )[0]!.n;

  describe('clients', () => {
    it('creates a client, lists and searches it by name or address, and replaces it with a PUT', async () => {
      const created = await provider.send('post', '/provider/clients/create_from_dashboard', {
        client_form: {
          name: '  Harbour Realty ',
          email_address: 'Office@Harbour.example',
          phone_number: '+61 2 5550 1234',
          default_player_branding_logo_url: 'https://harbour.example/logo.png',
        },
      });
      expect(created.status).toBe(201);
      expect(created.body.data).toEqual({
        id: expect.any(String),
        name: 'Harbour Realty',
        email_address: 'office@harbour.example',
        phone_number: '+61 2 5550 1234',
        default_player_branding_logo_url: 'https://harbour.example/logo.png',
        contact_count: 0,
        property_count: 0,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      const id = created.body.data.id as string;
      const [announced] = await rows<{ data: Record<string, unknown> }>(
        db(),
        `SELECT envelope -> 'data' AS data FROM outbox WHERE subject = 'properties.client.created.v1'
          AND envelope -> 'data' ->> 'client_id' = $1`,
        [id],
      );
      expect(announced?.data).toEqual({
        provider_id: provider.providerId,
        client_id: id,
        name: 'Harbour Realty',
      });

      await aClient(provider, { name: 'Coastal Homes' });
      const all = await provider.get('/provider/clients');
      expect(all.body.data.items.map((client: { name: string }) => client.name)).toEqual([
        'Coastal Homes',
        'Harbour Realty',
      ]);
      expect(all.body.data).toMatchObject({ current_page: 1, total_pages: 1, total_count: 2 });
      for (const q of ['harb', 'OFFICE@']) {
        const found = await provider.get(`/provider/clients?q=${encodeURIComponent(q)}`);
        expect([q, found.body.data.items.map((client: { id: string }) => client.id)]).toEqual([q, [id]]);
      }
      const paged = await provider.get('/provider/clients?page=2&page_size=1');
      expect(paged.body.data).toMatchObject({ current_page: 2, total_pages: 2, total_count: 2 });
      expect(paged.body.data.items).toHaveLength(1);

      const replaced = await provider.send('put', `/provider/clients/${id}`, {
        client_form: { name: 'Harbour Realty Group' },
      });
      expect(replaced.status).toBe(200);
      expect(replaced.body.data).toMatchObject({
        name: 'Harbour Realty Group',
        email_address: null,
        phone_number: null,
        default_player_branding_logo_url: null,
      });
      expect((await provider.get(`/provider/clients/${id}`)).body.data.name).toBe('Harbour Realty Group');
    });

    it('refuses a client without a name, with a bad address or logo link, storing nothing', async () => {
      const before = await count('provider_clients', provider.providerId);
      const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
        [{ name: '  ' }, { 'client_form.name': [MESSAGES.required] }],
        [{}, { 'client_form.name': [MESSAGES.required] }],
        [
          { name: 'A', email_address: 'not-an-address' },
          { 'client_form.email_address': ['is not a valid email address'] },
        ],
        [
          { name: 'A', default_player_branding_logo_url: 'javascript:alert(1)' },
          { 'client_form.default_player_branding_logo_url': [MESSAGES.invalidUrl] },
        ],
        [{ name: 'x'.repeat(201) }, { 'client_form.name': ['must be at most 200 characters'] }],
      ];
      for (const [form, errors] of cases) {
        const refused = await provider.send('post', '/provider/clients/create_from_dashboard', {
          client_form: form,
        });
        expect([form, refused.status, refused.body.errors]).toEqual([form, 422, errors]);
      }
      expect(await count('provider_clients', provider.providerId)).toBe(before);
      const client = await aClient(provider, { name: 'Kept As Is' });
      const refused = await provider.send('put', `/provider/clients/${client.id}`, {
        client_form: { name: '' },
      });
      expect(refused.status).toBe(422);
      expect((await provider.get(`/provider/clients/${client.id}`)).body.data.name).toBe('Kept As Is');
    });

    it('lists the client’s properties, and leaves them and its contacts without a client once it is deleted', async () => {
      const client = await aClient(provider, { name: 'Seaside Agency' });
      const propertyId = await aProperty(provider, 'Seaside Villa');
      await aProperty(provider, 'Not Theirs');
      const assigned = await provider.send('patch', `/provider/properties/${propertyId}`, {
        property: { provider_client_id: client.id },
      });
      expect(assigned.status).toBe(200);
      expect(assigned.body.data.provider_client_id).toBe(client.id);
      const contact = await aContact(provider, {
        full_name: 'Sam Seaside',
        email_address: 'sam@seaside.example',
        provider_client_id: client.id,
      });

      const listed = await provider.get(`/provider/clients/${client.id}/properties`);
      expect(listed.status).toBe(200);
      expect(listed.body.data.items.map((property: { title: string }) => property.title)).toEqual([
        'Seaside Villa',
      ]);
      expect((await provider.get(`/provider/clients/${client.id}`)).body.data).toMatchObject({
        contact_count: 1,
        property_count: 1,
      });

      const deleted = await provider.send('delete', `/provider/clients/${client.id}`);
      expect(deleted.status).toBe(200);
      expect((await provider.get(`/provider/clients/${client.id}`)).status).toBe(404);
      expect(
        (await provider.get(`/provider/properties/${propertyId}`)).body.data.provider_client_id,
      ).toBeNull();
      expect((await provider.get(`/provider/contacts/${contact.id}`)).body.data).toMatchObject({
        full_name: 'Sam Seaside',
        provider_client_id: null,
        provider_client_name: null,
      });
    });

    it('shows the client’s name and logo on its properties’ tours until the tour’s branding names its own', async () => {
      const client = await aClient(provider, {
        name: 'Logo Agency',
        default_player_branding_logo_url: 'https://logo.example/agency.png',
      });
      const propertyId = await aProperty(provider, 'Branded Villa');
      await provider
        .send('patch', `/provider/properties/${propertyId}`, { property: { provider_client_id: client.id } })
        .expect(200);
      await shareTour(it_, provider, propertyId);
      const link = (await provider.get(`/provider/properties/${propertyId}/player_link`)).body.data;
      const seen = await it_.http.get(
        `/digital_twin/${encodeURIComponent(tourPublicId(link.client_slug, link.model_slug))}/layers/base.json`,
      );
      expect(seen.body.data.branding).toMatchObject({
        client_name: 'Logo Agency',
        client_logo_url: 'https://logo.example/agency.png',
      });
    });

    it('refuses a property’s client that is not one of the provider’s, changing nothing', async () => {
      const theirs = await aClient(other, { name: 'Their Agency' });
      const propertyId = await aProperty(provider, 'Guarded Villa');
      for (const clientId of [theirs.id, '0190a3f2-0000-7000-8000-000000000001', 'nope']) {
        const refused = await provider.send('patch', `/provider/properties/${propertyId}`, {
          property: { provider_client_id: clientId, title: 'Renamed' },
        });
        expect([clientId, refused.status, refused.body.errors]).toEqual([
          clientId,
          422,
          { 'property.provider_client_id': ['is not one of your clients'] },
        ]);
      }
      expect((await provider.get(`/provider/properties/${propertyId}`)).body.data).toMatchObject({
        title: 'Guarded Villa',
        provider_client_id: null,
      });
    });
  });

  describe('contacts', () => {
    it('creates contacts from the dashboard, searches them, filters them by client, and edits one', async () => {
      const client = await aClient(provider, { name: 'North Shore Realty' });
      const ana = await aContact(provider, {
        full_name: 'Ana Ng',
        email_address: 'Ana@NorthShore.example',
        phone_number: '+61 400 000 001',
        provider_client_id: client.id,
      });
      expect(ana).toEqual({
        id: expect.any(String),
        full_name: 'Ana Ng',
        email_address: 'ana@northshore.example',
        phone_number: '+61 400 000 001',
        provider_client_id: client.id,
        provider_client_name: 'North Shore Realty',
        // Not asked for: no weekly report of the contact's listings.
        weekly_report: false,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      await aContact(provider, { full_name: 'Bo Free', email_address: 'bo@free.example' });

      const byName = await provider.get('/provider/contacts?q=ana');
      expect(byName.body.data.items.map((contact: { id: string }) => contact.id)).toEqual([ana.id]);
      const byPhone = await provider.get(`/provider/contacts?q=${encodeURIComponent('400 000 001')}`);
      expect(byPhone.body.data.items.map((contact: { id: string }) => contact.id)).toEqual([ana.id]);
      const ofClient = await provider.get(`/provider/contacts?provider_client_id=${client.id}`);
      expect(ofClient.body.data.items.map((contact: { id: string }) => contact.id)).toEqual([ana.id]);

      const edited = await provider.send('put', `/provider/contacts/${ana.id}`, {
        contact: {
          full_name: 'Ana Ng-Smith',
          email_address: 'ana@northshore.example',
          provider_client_id: null,
        },
      });
      expect(edited.status).toBe(200);
      expect(edited.body.data).toMatchObject({
        full_name: 'Ana Ng-Smith',
        phone_number: null,
        provider_client_id: null,
      });
    });

    it('refuses a second contact with the same address, a bad address or another provider’s client, storing nothing', async () => {
      const theirs = await aClient(other, { name: 'Their Agency' });
      const first = await aContact(provider, { full_name: 'Cy Once', email_address: 'cy@once.example' });
      const second = await aContact(provider, { full_name: 'Di Twice', email_address: 'di@twice.example' });
      const before = await count('contacts', provider.providerId);
      const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
        [
          { full_name: 'Cy Again', email_address: 'CY@once.example' },
          { 'contact.email_address': ['is already the address of another contact'] },
        ],
        [{ full_name: '', email_address: 'new@x.example' }, { 'contact.full_name': [MESSAGES.required] }],
        [{ full_name: 'No Address' }, { 'contact.email_address': [MESSAGES.required] }],
        [
          { full_name: 'Bad', email_address: 'nope' },
          { 'contact.email_address': ['is not a valid email address'] },
        ],
        [
          { full_name: 'Theirs', email_address: 't@x.example', provider_client_id: theirs.id },
          { 'contact.provider_client_id': ['is not one of your clients'] },
        ],
        [
          { full_name: 'Theirs', email_address: 't@x.example', provider_client_id: 'nope' },
          { 'contact.provider_client_id': ['is not one of your clients'] },
        ],
      ];
      for (const [contact, errors] of cases) {
        const refused = await provider.send('post', '/provider/contacts/create_from_dashboard', { contact });
        expect([contact, refused.status, refused.body.errors]).toEqual([contact, 422, errors]);
      }
      expect(await count('contacts', provider.providerId)).toBe(before);
      // The same address for another provider's contact is theirs to have.
      await aContact(other, { full_name: 'Cy Elsewhere', email_address: 'cy@once.example' });

      const taken = await provider.send('put', `/provider/contacts/${second.id}`, {
        contact: { full_name: 'Di Twice', email_address: 'cy@once.example' },
      });
      expect(taken.status).toBe(422);
      expect(taken.body.errors).toEqual({
        'contact.email_address': ['is already the address of another contact'],
      });
      expect((await provider.get(`/provider/contacts/${second.id}`)).body.data.email_address).toBe(
        'di@twice.example',
      );
      expect((await provider.get(`/provider/contacts/${first.id}`)).body.data.email_address).toBe(
        'cy@once.example',
      );
    });

    it('shows a contact as the tour’s agent to visitors, and no more once the contact is deleted', async () => {
      const propertyId = await aProperty(provider, 'Agent Villa');
      const agent = await aContact(provider, {
        full_name: 'Eve Agent',
        email_address: 'eve@agency.example',
        phone_number: '+61 400 111 222',
      });
      const set = await provider.send('patch', `/provider/properties/${propertyId}/contacts`, {
        agent_ids: [agent.id],
      });
      expect(set.status).toBe(200);
      await shareTour(it_, provider, propertyId);
      const link = (await provider.get(`/provider/properties/${propertyId}/player_link`)).body.data;
      const tour = tourPublicId(link.client_slug, link.model_slug);
      const seen = await it_.http.get(`/digital_twin/${encodeURIComponent(tour)}/layers/base.json`);
      expect(seen.status).toBe(200);
      expect(seen.body.data.agents).toEqual([
        { id: agent.id, full_name: 'Eve Agent', phone_number: '+61 400 111 222', avatar_url: null },
      ]);

      expect((await provider.send('delete', `/provider/contacts/${agent.id}`)).status).toBe(200);
      expect((await provider.get(`/provider/properties/${propertyId}/contacts`)).body.data).toEqual({
        agent_ids: [],
      });
    });
  });

  it('answers 404 for another provider’s clients and contacts, never their data, and lists only the provider’s own', async () => {
    const client = await aClient(other, { name: 'Private Agency' });
    const contact = await aContact(other, {
      full_name: 'Private Person',
      email_address: 'private@x.example',
    });
    const clientGone = { errors: { base: ['Client not found'] } };
    const contactGone = { errors: { base: ['Contact not found'] } };
    const calls: Array<[string, string, object | undefined, unknown]> = [
      ['get', `/provider/clients/${client.id}`, undefined, clientGone],
      ['put', `/provider/clients/${client.id}`, { client_form: { name: 'Mine now' } }, clientGone],
      ['delete', `/provider/clients/${client.id}`, undefined, clientGone],
      ['get', `/provider/clients/${client.id}/properties`, undefined, clientGone],
      ['get', '/provider/clients/not-a-uuid', undefined, clientGone],
      ['get', `/provider/contacts/${contact.id}`, undefined, contactGone],
      [
        'put',
        `/provider/contacts/${contact.id}`,
        { contact: { full_name: 'X', email_address: 'x@x.example' } },
        contactGone,
      ],
      ['delete', `/provider/contacts/${contact.id}`, undefined, contactGone],
      ['get', '/provider/contacts/not-a-uuid', undefined, contactGone],
    ];
    for (const [method, path, body, answer] of calls) {
      const got =
        method === 'get'
          ? await provider.get(path)
          : await provider.send(method as 'put' | 'delete', path, body);
      expect([path, got.status, got.body]).toEqual([path, 404, answer]);
    }
    expect((await other.get(`/provider/clients/${client.id}`)).body.data.name).toBe('Private Agency');
    expect((await other.get(`/provider/contacts/${contact.id}`)).body.data.full_name).toBe('Private Person');
    const mine = await provider.get('/provider/clients?page_size=100');
    expect(mine.body.data.items.map((c: { name: string }) => c.name)).not.toContain('Private Agency');
    const myContacts = await provider.get('/provider/contacts?q=private');
    expect(myContacts.body.data.items).toEqual([]);
  });

  it('lists every provider’s clients, or one provider’s, in the back office', async () => {
    const theirs = await aClient(other, { name: 'Back Office Agency' });
    const staff = it_.staff();
    const all = await staff.get('/admin/provider_clients.json?search=back%20office');
    expect(all.body.data.items).toEqual([
      { id: theirs.id, name: 'Back Office Agency', provider_id: other.providerId },
    ]);
    const ofProvider = await staff.get(
      `/admin/provider_clients.json?provider_id=${provider.providerId}&page_size=100`,
    );
    expect(
      ofProvider.body.data.items.every((c: { provider_id: string }) => c.provider_id === provider.providerId),
    ).toBe(true);
    expect(ofProvider.body.data.total_count).toBeGreaterThan(0);
  });
});
