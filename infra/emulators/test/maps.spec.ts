import {
  MAPS_GAZETTEER,
  MAPS_TRIGGERS,
  startEmulators,
  type MapsGeocodeResult,
  type RunningEmulators,
} from '@tourly/emulators';

interface GeocodeBody {
  status: string;
  results: MapsGeocodeResult[];
  error_message?: string;
}

describe('maps emulator (Google Geocoding)', () => {
  let emulators: RunningEmulators;

  beforeAll(async () => {
    emulators = await startEmulators({ port: 0 });
  });
  afterAll(() => emulators.close());

  async function get<T>(path: string, params: Record<string, string>): Promise<{ status: number; body: T }> {
    const response = await fetch(`${emulators.url}/maps/maps/api/${path}?${new URLSearchParams(params)}`);
    return { status: response.status, body: (await response.json()) as T };
  }
  const geocode = (params: Record<string, string>) =>
    get<GeocodeBody>('geocode/json', { key: 'k', ...params });

  /** The one result of a geocoding request that must succeed. */
  async function geocodeOne(address: string): Promise<MapsGeocodeResult> {
    const { status, body } = await geocode({ address });
    expect(status).toBe(200);
    expect(body.status).toBe('OK');
    expect(body.results).toHaveLength(1);
    return body.results[0]!;
  }

  const component = (result: MapsGeocodeResult, type: string) =>
    result.address_components.find((candidate) => candidate.types.includes(type));

  describe('geocoding', () => {
    it('answers a gazetteer address in full, as Google shapes it', async () => {
      const response = await fetch(
        `${emulators.url}/maps/maps/api/geocode/json?address=2+macquarie+st,+sydney&key=k`,
      );

      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(await response.json()).toEqual({
        status: 'OK',
        results: [
          {
            address_components: [
              { long_name: '2', short_name: '2', types: ['street_number'] },
              { long_name: 'Macquarie Street', short_name: 'Macquarie St', types: ['route'] },
              { long_name: 'Sydney', short_name: 'Sydney', types: ['locality', 'political'] },
              {
                long_name: 'New South Wales',
                short_name: 'NSW',
                types: ['administrative_area_level_1', 'political'],
              },
              { long_name: 'Australia', short_name: 'AU', types: ['country', 'political'] },
              { long_name: '2000', short_name: '2000', types: ['postal_code'] },
            ],
            formatted_address: '2 Macquarie St, Sydney NSW 2000, Australia',
            geometry: {
              location: { lat: -33.8567844, lng: 151.2152967 },
              location_type: 'ROOFTOP',
              viewport: {
                northeast: { lat: -33.8554345, lng: 151.2166466 },
                southwest: { lat: -33.8581343, lng: 151.2139468 },
              },
            },
            place_id: 'ChIJ3S-JXmauEmsRUcIaWtf4MzE',
            types: ['street_address'],
          },
        ],
      });
    });

    it.each([
      ['1600 AMPHITHEATRE', 'US', 'Mountain View'],
      ['350 5th avenue, new york', 'US', 'New York'],
      ['1 collins st', 'AU', 'Melbourne'],
      ['101 Lambton Quay', 'NZ', 'Wellington'],
      ['10 downing street, london', 'GB', 'London'],
      ['290 bremner', 'CA', 'Toronto'],
      ['pariser platz 1', 'DE', 'Berlin'],
    ])('finds %s in the gazetteer by case-insensitive substring', async (address, country, city) => {
      const { body } = await geocode({ address });
      expect(body.status).toBe('OK');
      const [result] = body.results;
      expect(result!.place_id).toMatch(/^ChIJ[\w-]{23}$/);
      expect(component(result!, 'country')!.short_name).toBe(country);
      expect(component(result!, 'locality')!.long_name).toBe(city);
    });

    it('has a dozen gazetteer addresses over six countries', () => {
      expect(MAPS_GAZETTEER).toHaveLength(12);
      const countries = MAPS_GAZETTEER.map(
        (place) => place.components.find((c) => c.types.includes('country'))!.short_name,
      );
      expect(new Set(countries)).toEqual(new Set(['US', 'AU', 'NZ', 'GB', 'CA', 'DE']));
    });

    it('parses any other address into components, with coordinates near its city', async () => {
      const result = await geocodeOne('12 harbour view, surry hills, sydney nsw 2010');

      expect(result.formatted_address).toBe('12 Harbour View, Surry Hills, Sydney NSW 2010, Australia');
      expect(result.address_components).toEqual([
        { long_name: '12', short_name: '12', types: ['street_number'] },
        { long_name: 'Harbour View', short_name: 'Harbour View', types: ['route'] },
        {
          long_name: 'Surry Hills',
          short_name: 'Surry Hills',
          types: ['political', 'sublocality', 'sublocality_level_1'],
        },
        { long_name: 'Sydney', short_name: 'Sydney', types: ['locality', 'political'] },
        {
          long_name: 'New South Wales',
          short_name: 'NSW',
          types: ['administrative_area_level_1', 'political'],
        },
        { long_name: 'Australia', short_name: 'AU', types: ['country', 'political'] },
        { long_name: '2010', short_name: '2010', types: ['postal_code'] },
      ]);
      expect(result.types).toEqual(['street_address']);
      expect(result.place_id).toMatch(/^E[\w-]+$/);
      const { lat, lng } = result.geometry!.location;
      expect(Math.abs(lat! - -33.8688)).toBeLessThan(0.05);
      expect(Math.abs(lng! - 151.2093)).toBeLessThan(0.05);
      expect(result.geometry!.location_type).toBe('ROOFTOP');
      expect(result.geometry!.viewport!.northeast.lat).toBeGreaterThan(lat!);
    });

    it('gives the same result for the same address however it is written', async () => {
      const first = await geocodeOne('99 Foo Street, Springfield, IL 62701');
      const again = await geocodeOne('99 Foo Street, Springfield, IL 62701');
      const reworded = await geocodeOne('  99 foo st ,  springfield,   IL 62701, United States ');

      expect(again).toEqual(first);
      expect(reworded).toEqual(first);
      expect(first.formatted_address).toBe('99 Foo St, Springfield, IL 62701, USA');
      expect(component(first, 'route')).toEqual({
        long_name: 'Foo Street',
        short_name: 'Foo St',
        types: ['route'],
      });
      expect(component(first, 'administrative_area_level_1')).toMatchObject({
        long_name: 'Illinois',
        short_name: 'IL',
      });
    });

    it('gives different addresses different places', async () => {
      const one = await geocodeOne('1 Example Road, Springfield');
      const two = await geocodeOne('2 Example Road, Springfield');

      expect(two.place_id).not.toBe(one.place_id);
      expect(two.geometry!.location).not.toEqual(one.geometry!.location);
    });

    it.each([
      ['Hauptstraße 5, 10115 Berlin, Germany', 'DE', 52.52, 13.405],
      ['12 Baker St, London NW1 6XE', 'GB', 51.507, -0.128],
      ['3 King St W, Toronto, ON M5H 1A1', 'CA', 43.653, -79.383],
      ['21 Queen Street, Auckland', 'NZ', -36.848, 174.763],
      ['12 Main St, Perth WA 6000', 'AU', -31.952, 115.861],
      ['12 Main St, Denver', 'US', 39.739, -104.99],
    ])(
      'recognises the country of %s and places it on land near the city',
      async (address, code, lat, lng) => {
        const result = await geocodeOne(address);

        expect(component(result, 'country')!.short_name).toBe(code);
        expect(Math.abs(result.geometry!.location.lat! - lat)).toBeLessThan(0.05);
        expect(Math.abs(result.geometry!.location.lng! - lng)).toBeLessThan(0.05);
      },
    );

    it('defaults the country to the United States', async () => {
      const plain = await geocodeOne('7 Someville Lane');
      expect(component(plain, 'country')).toMatchObject({ long_name: 'United States', short_name: 'US' });
      expect(plain.formatted_address).toBe('7 Someville Ln, USA');
    });

    it("answers 'nowhere' with ZERO_RESULTS (the product's 'Address not found')", async () => {
      expect(MAPS_TRIGGERS.notFound).toBe('nowhere');
      for (const address of ['Nowhere', '12 Nowhere Street, Sydney', '10 Downing St NOWHERE']) {
        expect(await geocode({ address })).toEqual({
          status: 200,
          body: { results: [], status: 'ZERO_RESULTS' },
        });
      }
    });

    it("answers 'no coordinates' with a result whose location has no lat/lng", async () => {
      const result = await geocodeOne('12 No Coordinates Road, Sydney NSW');

      expect(result.formatted_address).toBe('12 No Coordinates Rd, Sydney NSW, Australia');
      expect(result.geometry).toEqual({ location: {}, location_type: 'ROOFTOP' });
    });

    it("answers 'no location' with a result without geometry", async () => {
      const result = await geocodeOne('1 no location st');

      expect(result.formatted_address).toBe('1 No Location St, USA');
      expect(result).not.toHaveProperty('geometry');
      expect(result.place_id).toMatch(/^E/);
    });

    it('refuses a request without an address with 400 INVALID_REQUEST', async () => {
      const expected = {
        status: 400,
        body: {
          error_message:
            "Invalid request. Missing the 'address', 'components', 'latlng' or 'place_id' parameter.",
          results: [],
          status: 'INVALID_REQUEST',
        },
      };
      expect(await geocode({})).toEqual(expected);
      expect(await geocode({ address: '' })).toEqual(expected);
      expect(await geocode({ address: '   ' })).toEqual(expected);
    });

    it.each(['components', 'latlng', 'place_id', 'language'])(
      'refuses the %s parameter, which the emulator does not model, with 400 INVALID_REQUEST',
      async (name) => {
        expect(await geocode({ address: '10 Downing St', [name]: 'x' })).toEqual({
          status: 400,
          body: {
            error_message: `Invalid request. The '${name}' parameter is not emulated.`,
            results: [],
            status: 'INVALID_REQUEST',
          },
        });
      },
    );

    it('denies a request without a key', async () => {
      expect(await get('geocode/json', { address: '10 Downing St' })).toEqual({
        status: 200,
        body: {
          error_message: expect.stringContaining('You must use an API key'),
          results: [],
          status: 'REQUEST_DENIED',
        },
      });
      expect((await get<GeocodeBody>('geocode/json', { address: 'x', key: '' })).body.status).toBe(
        'REQUEST_DENIED',
      );
    });
  });
});

describe('maps emulator (tiles)', () => {
  let emulators: RunningEmulators;

  beforeAll(async () => {
    emulators = await startEmulators({ port: 0 });
  });
  afterAll(() => emulators.close());

  const tile = (path: string) => fetch(`${emulators.url}/maps/tiles/${path}`);

  it('answers a 256x256 PNG for each tile of the world, the same bytes each time', async () => {
    const first = await tile('18/241040/157530.png');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([256, 256]);
    const again = Buffer.from(await (await tile('18/241040/157530.png')).arrayBuffer());
    expect(again.equals(bytes)).toBe(true);
    expect((await tile('0/0/0.png')).status).toBe(200);
  });

  it.each(['20/0/0.png', '1/2/0.png', '1/0/2.png', '3/-1/0.png', 'a/0/0.png', '1/0/0.jpg', '1/0.png'])(
    'answers 404 outside the tiles of the world: %s',
    async (path) => {
      expect((await tile(path)).status).toBe(404);
    },
  );
});
