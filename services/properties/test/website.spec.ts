import { aProperty, aTemporaryUpload, jpeg, multipart, pdf, postMultipart } from './media-support';
import { startProperties, type PropertiesAlone, type Person } from './support';

/**
 * 001 §7 Website: the single-property website stored per property and edited part by part (settings, property
 * features, photos, floorplan, videos, documents and links), each selection checked against the property's own
 * media; and its public data, served only while the website is published.
 */
describe('the single-property website', () => {
  let it_: PropertiesAlone;
  let provider: Person;
  let other: Person;
  let propertyId: string;
  let slug: string;
  const media: Record<string, string[]> = {};

  beforeAll(async () => {
    it_ = await startProperties({ s3: true });
    provider = await it_.signUp('Website Media');
    other = await it_.signUp('Other Website Media');
    propertyId = await aProperty(provider, 'Seaside Villa');
    slug = (await provider.get(`/provider/properties/${propertyId}`)).body.data.slug;
    const base = `/provider/properties/${propertyId}`;
    const upload = async (name: string, width: number, height: number) =>
      aTemporaryUpload(it_, provider, { filename: name, content: await jpeg(width, height) });
    const photos = await provider.send('post', `${base}/photos/upload_multiple`, {
      photo: { temporary_upload_ids: [await upload('a.jpg', 40, 30), await upload('b.jpg', 30, 30)] },
    });
    media.photos = photos.body.data.map((item: { id: string }) => item.id);
    const plans = await provider.send('post', `${base}/floorplans/upload_multiple`, {
      floorplan: {
        temporary_upload_ids: [await upload('ground.jpg', 50, 40), await upload('first.jpg', 50, 40)],
      },
    });
    media.floorplans = plans.body.data.map((item: { id: string }) => item.id);
    const video = await provider.send('post', `${base}/property_videos`, {
      property_video: { url: 'https://vimeo.com/123456', title: 'Tour video' },
    });
    media.videos = [video.body.data.id];
    const document = await postMultipart(
      it_,
      provider,
      `${base}/documents`,
      multipart('document[file]', { filename: 'brochure.pdf', content: pdf() }),
    );
    media.documents = [document.body.data!.id];
    const links = await provider.send('post', `${base}/media_links`, {
      media_links: [{ url: 'https://example.com/listing', title: 'Listing' }],
    });
    media.links = [links.body.data[0].id];
  });
  afterAll(() => it_.stop());

  const website = (id = propertyId) => `/provider/properties/${id}/website`;

  it('starts from defaults: everything shown, every photo, video, document and link, no floorplan', async () => {
    const answer = await provider.get(`${website()}/`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      property_id: propertyId,
      published: false,
      settings: {
        headline: null,
        description: null,
        primary_color: '#ffffff',
        show_address: true,
        show_map: true,
        show_tour: true,
        show_agents: true,
        show_contact_form: true,
      },
      property_features: {
        bedrooms: null,
        bathrooms: null,
        car_spaces: null,
        floor_area: null,
        land_area: null,
        measurement_unit: 'metric',
        price: null,
        features: [],
      },
      photos: null,
      published_floorplan: null,
      published_video_ids: null,
      documents_and_links: { document_ids: null, media_link_ids: null },
      updated_at: null,
    });
  });

  it('changes settings and property features key by key; null restores a default', async () => {
    const settings = await provider.send('patch', `${website()}/settings`, {
      website_settings: { headline: 'Live by the sea', primary_color: '#0af', show_map: false },
    });
    expect(settings.status).toBe(200);
    expect(settings.body.data.settings).toMatchObject({
      headline: 'Live by the sea',
      primary_color: '#0af',
      show_map: false,
      show_address: true,
    });
    const again = await provider.send('patch', `${website()}/settings`, {
      website_settings: { primary_color: 'rgba(10, 20, 30, 0.5)', show_map: null },
    });
    expect(again.body.data.settings).toMatchObject({
      headline: 'Live by the sea',
      primary_color: 'rgba(10, 20, 30, 0.5)',
      show_map: true,
    });
    const colour = await provider.send('patch', `${website()}/settings`, {
      website_settings: { primary_color: 'blue-ish' },
    });
    expect(colour.status).toBe(422);
    expect(colour.body.errors).toEqual({
      'website_settings.primary_color': ['is not a colour (#rgb, #rrggbb, rgb() or rgba())'],
    });

    const features = await provider.send('patch', `${website()}/property_features`, {
      property_features: {
        bedrooms: 4,
        bathrooms: 2,
        car_spaces: 1,
        floor_area: 210.5,
        measurement_unit: 'both',
        price: 'Auction',
        features: ['Pool', 'Ocean views'],
      },
    });
    expect(features.status).toBe(200);
    expect(features.body.data.property_features).toEqual({
      bedrooms: 4,
      bathrooms: 2,
      car_spaces: 1,
      floor_area: 210.5,
      land_area: null,
      measurement_unit: 'both',
      price: 'Auction',
      features: ['Pool', 'Ocean views'],
    });
    const invalid = await provider.send('patch', `${website()}/property_features`, {
      property_features: { bedrooms: -1, measurement_unit: 'cubits' },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({
      'property_features.bedrooms': ['must not be negative'],
      'property_features.measurement_unit': ['must be one of: metric, imperial, both'],
    });
  });

  it('chooses the photos, floorplan, videos, documents and links it shows, only from the property’s own', async () => {
    const photos = await provider.send('patch', `${website()}/photos`, { photos: [media.photos![1]] });
    expect(photos.status).toBe(200);
    expect(photos.body.data.photos).toEqual([media.photos![1]]);
    const floorplan = await provider.send('patch', `${website()}/floorplan`, {
      published_floorplan: { id: media.floorplans![1] },
    });
    expect(floorplan.body.data.published_floorplan).toEqual({ id: media.floorplans![1] });
    const videos = await provider.send('patch', `${website()}/videos`, { published_video_ids: [] });
    expect(videos.body.data.published_video_ids).toEqual([]);
    const documentsAndLinks = await provider.send('patch', `${website()}/documents_and_links`, {
      documents_and_links: { document_ids: media.documents, media_link_ids: media.links },
    });
    expect(documentsAndLinks.body.data.documents_and_links).toEqual({
      document_ids: media.documents,
      media_link_ids: media.links,
    });
    expect(documentsAndLinks.body.data.updated_at).toEqual(expect.any(String));

    // A floorplan id among the photos, a photo of another property, a video id that is a document: refused.
    const wrongKind = await provider.send('patch', `${website()}/floorplan`, {
      published_floorplan: { id: media.photos![0] },
    });
    expect(wrongKind.status).toBe(422);
    expect(wrongKind.body.errors).toEqual({
      'published_floorplan.id': ['must be a floorplan of this property'],
    });
    const theirProperty = await aProperty(other, 'Elsewhere');
    const theirPhoto = (
      await other.send('post', `/provider/properties/${theirProperty}/photos/upload_single`, {
        photo: {
          temporary_upload_id: await aTemporaryUpload(it_, other, {
            filename: 'x.jpg',
            content: await jpeg(8, 8),
          }),
        },
      })
    ).body.data.id;
    const foreign = await provider.send('patch', `${website()}/photos`, { photos: [theirPhoto] });
    expect(foreign.body.errors).toEqual({ photos: ['must be photos of this property'] });
    const asVideo = await provider.send('patch', `${website()}/videos`, {
      published_video_ids: media.documents,
    });
    expect(asVideo.body.errors).toEqual({ published_video_ids: ['must be videos of this property'] });
    const links = await provider.send('patch', `${website()}/documents_and_links`, {
      documents_and_links: { media_link_ids: ['0190a3f2-0000-7000-8000-000000000009'] },
    });
    expect(links.body.errors).toEqual({
      'documents_and_links.media_link_ids': ['must be media links of this property'],
    });
    const missing = await provider.send('patch', `${website()}/photos`, {});
    expect(missing.body.errors).toEqual({ photos: ['Required'] });
    // Another provider's property is a 404 for each part, whatever the body.
    const parts: Array<[string, object]> = [
      ['settings', { website_settings: { show_map: true } }],
      ['property_features', { property_features: { bedrooms: 1 } }],
      ['photos', { photos: null }],
      ['floorplan', { published_floorplan: { id: null } }],
      ['videos', { published_video_ids: null }],
      ['documents_and_links', { documents_and_links: {} }],
    ];
    for (const [part, body] of parts) {
      const answer = await other.send('patch', `${website()}/${part}`, body);
      expect([part, answer.status, answer.body]).toEqual([
        part,
        404,
        { errors: { base: ['Property not found'] } },
      ]);
    }
    expect((await provider.get(website())).body.data.photos).toEqual([media.photos![1]]);
  });

  it('serves the public website data while it is published, and 404 otherwise', async () => {
    const publicPath = `/tours/${provider.providerId}/${slug}/website.json`;
    const hidden = await it_.http.get(publicPath);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ errors: { base: ['Website not found'] } });

    // A paid plan (billing's projection in properties) lets the provider publish the website.
    await it_.propertiesDb.dataSource.query(
      `INSERT INTO provider_plans (provider_id, product_code, status, premium_tour_limit, changed_at)
       VALUES ($1, 'vt_creator_plan', 'active', 100, now())`,
      [provider.providerId],
    );
    const published = await provider.send('put', `/provider/properties/${propertyId}/published_features`, {
      published_features: { website: true },
    });
    expect(published.status).toBe(200);
    expect((await provider.get(website())).body.data.published).toBe(true);

    const visitor = await it_.http.get(publicPath).set('accept', 'application/json');
    expect(visitor.status).toBe(200);
    const data = visitor.body.data;
    expect(data.property).toMatchObject({ id: propertyId, slug, title: 'Seaside Villa' });
    expect(data.settings).toMatchObject({ headline: 'Live by the sea' });
    expect(data.property_features).toMatchObject({ bedrooms: 4 });
    expect(data.photos.map((photo: { id: string }) => photo.id)).toEqual([media.photos![1]]);
    expect(data.photos[0]).toMatchObject({ square: true, url: expect.stringContaining('b.jpg') });
    expect(data.floorplan).toMatchObject({ id: media.floorplans![1], name: 'first' });
    expect(data.videos).toEqual([]);
    expect(data.documents.map((doc: { id: string }) => doc.id)).toEqual(media.documents);
    expect(data.media_links.map((link: { id: string }) => link.id)).toEqual(media.links);
    expect(data.agent_ids).toEqual([]);

    const unknown = await it_.http.get(`/tours/${provider.providerId}/no-such-place/website.json`);
    expect(unknown.status).toBe(404);
    const notAProvider = await it_.http.get(`/tours/someone/${slug}/website.json`);
    expect(notAProvider.status).toBe(404);

    await provider.send('put', `/provider/properties/${propertyId}/published_features`, {
      published_features: { website: false },
    });
    expect((await it_.http.get(publicPath)).status).toBe(404);
  });
});
