/**
 * The emulator's map of the world: countries (with a few cities to place synthetic addresses near), their
 * first-level areas, and a small gazetteer of real addresses with Google's own formatting.
 */

export interface LatLng {
  lat: number;
  lng: number;
}

export interface AddressComponent {
  long_name: string;
  short_name: string;
  types: string[];
}

export type CountryCode = 'US' | 'AU' | 'NZ' | 'GB' | 'CA' | 'DE';

export interface Country {
  code: CountryCode;
  /** long_name of the country component. */
  name: string;
  /** How Google ends a formatted address in that country ("USA", "UK", …). */
  formatted: string;
  /** What a person may write as the last part of an address (lowercase). */
  aliases: string[];
  centre: LatLng;
  /** Cities a synthetic address is placed near, so coordinates fall on land. */
  cities: Array<{ name: string } & LatLng>;
}

export const COUNTRIES: readonly Country[] = [
  {
    code: 'US',
    name: 'United States',
    formatted: 'USA',
    aliases: ['usa', 'us', 'u.s.a.', 'u.s.', 'united states', 'united states of america'],
    centre: { lat: 39.8283459, lng: -98.5794797 },
    cities: [
      { name: 'New York', lat: 40.7127753, lng: -74.0059728 },
      { name: 'Chicago', lat: 41.8781136, lng: -87.6297982 },
      { name: 'Denver', lat: 39.7392358, lng: -104.990251 },
      { name: 'Dallas', lat: 32.7766642, lng: -96.7969879 },
      { name: 'Atlanta', lat: 33.7489954, lng: -84.3879824 },
      { name: 'Kansas City', lat: 39.0997265, lng: -94.5785667 },
      { name: 'Mountain View', lat: 37.3860517, lng: -122.0838511 },
    ],
  },
  {
    code: 'AU',
    name: 'Australia',
    formatted: 'Australia',
    aliases: ['australia', 'au', 'aus'],
    centre: { lat: -25.274398, lng: 133.775136 },
    cities: [
      { name: 'Sydney', lat: -33.8688197, lng: 151.2092955 },
      { name: 'Melbourne', lat: -37.8136276, lng: 144.9630576 },
      { name: 'Brisbane', lat: -27.4697707, lng: 153.0251235 },
      { name: 'Perth', lat: -31.9523123, lng: 115.861309 },
      { name: 'Adelaide', lat: -34.9284989, lng: 138.6007456 },
      { name: 'Canberra', lat: -35.2809368, lng: 149.1300092 },
    ],
  },
  {
    code: 'NZ',
    name: 'New Zealand',
    formatted: 'New Zealand',
    aliases: ['new zealand', 'nz'],
    centre: { lat: -40.900557, lng: 174.885971 },
    cities: [
      { name: 'Auckland', lat: -36.8484597, lng: 174.7633315 },
      { name: 'Wellington', lat: -41.2864603, lng: 174.776236 },
      { name: 'Christchurch', lat: -43.5320544, lng: 172.6362254 },
      { name: 'Hamilton', lat: -37.7870012, lng: 175.279253 },
    ],
  },
  {
    code: 'GB',
    name: 'United Kingdom',
    formatted: 'UK',
    aliases: ['uk', 'u.k.', 'gb', 'united kingdom', 'great britain'],
    centre: { lat: 55.378051, lng: -3.435973 },
    cities: [
      { name: 'London', lat: 51.5072178, lng: -0.1275862 },
      { name: 'Manchester', lat: 53.4807593, lng: -2.2426305 },
      { name: 'Birmingham', lat: 52.4862297, lng: -1.8904242 },
      { name: 'Leeds', lat: 53.8007554, lng: -1.5490774 },
      { name: 'Edinburgh', lat: 55.953252, lng: -3.188267 },
    ],
  },
  {
    code: 'CA',
    name: 'Canada',
    formatted: 'Canada',
    aliases: ['canada'],
    centre: { lat: 56.130366, lng: -106.346771 },
    cities: [
      { name: 'Toronto', lat: 43.653226, lng: -79.3831843 },
      { name: 'Vancouver', lat: 49.2827291, lng: -123.1207375 },
      { name: 'Montreal', lat: 45.5018869, lng: -73.5673919 },
      { name: 'Calgary', lat: 51.0447331, lng: -114.0718831 },
      { name: 'Ottawa', lat: 45.4215296, lng: -75.6971931 },
    ],
  },
  {
    code: 'DE',
    name: 'Germany',
    formatted: 'Germany',
    aliases: ['germany', 'deutschland', 'de'],
    centre: { lat: 51.165691, lng: 10.451526 },
    cities: [
      { name: 'Berlin', lat: 52.5200066, lng: 13.404954 },
      { name: 'München', lat: 48.1351253, lng: 11.5819805 },
      { name: 'Hamburg', lat: 53.5510846, lng: 9.9936819 },
      { name: 'Frankfurt am Main', lat: 50.1109221, lng: 8.6821267 },
      { name: 'Köln', lat: 50.937531, lng: 6.9602786 },
    ],
  },
];

export const DEFAULT_COUNTRY: Country = COUNTRIES[0]!;

export function countryByCode(code: string): Country | undefined {
  const upper = code.toUpperCase();
  return COUNTRIES.find((country) => country.code === upper || (upper === 'UK' && country.code === 'GB'));
}

export function countryByAlias(text: string): Country | undefined {
  const lower = text.toLowerCase();
  return COUNTRIES.find((country) => country.aliases.includes(lower));
}

/** A first-level administrative area (state, province, constituent country). */
export interface Area {
  short: string;
  long: string;
  country: CountryCode;
}

const area = (country: CountryCode, short: string, long: string): Area => ({ country, short, long });

/**
 * Recognised by their abbreviation (`NSW`, `CA`) or their name. New Zealand's regions and Germany's
 * abbreviations are left out on purpose: they read like city names or words.
 */
export const AREAS: readonly Area[] = [
  ...(
    [
      ['AL', 'Alabama'],
      ['AK', 'Alaska'],
      ['AZ', 'Arizona'],
      ['AR', 'Arkansas'],
      ['CA', 'California'],
      ['CO', 'Colorado'],
      ['CT', 'Connecticut'],
      ['DE', 'Delaware'],
      ['DC', 'District of Columbia'],
      ['FL', 'Florida'],
      ['GA', 'Georgia'],
      ['HI', 'Hawaii'],
      ['ID', 'Idaho'],
      ['IL', 'Illinois'],
      ['IN', 'Indiana'],
      ['IA', 'Iowa'],
      ['KS', 'Kansas'],
      ['KY', 'Kentucky'],
      ['LA', 'Louisiana'],
      ['ME', 'Maine'],
      ['MD', 'Maryland'],
      ['MA', 'Massachusetts'],
      ['MI', 'Michigan'],
      ['MN', 'Minnesota'],
      ['MS', 'Mississippi'],
      ['MO', 'Missouri'],
      ['MT', 'Montana'],
      ['NE', 'Nebraska'],
      ['NV', 'Nevada'],
      ['NH', 'New Hampshire'],
      ['NJ', 'New Jersey'],
      ['NM', 'New Mexico'],
      ['NY', 'New York'],
      ['NC', 'North Carolina'],
      ['ND', 'North Dakota'],
      ['OH', 'Ohio'],
      ['OK', 'Oklahoma'],
      ['OR', 'Oregon'],
      ['PA', 'Pennsylvania'],
      ['RI', 'Rhode Island'],
      ['SC', 'South Carolina'],
      ['SD', 'South Dakota'],
      ['TN', 'Tennessee'],
      ['TX', 'Texas'],
      ['UT', 'Utah'],
      ['VT', 'Vermont'],
      ['VA', 'Virginia'],
      ['WA', 'Washington'],
      ['WV', 'West Virginia'],
      ['WI', 'Wisconsin'],
      ['WY', 'Wyoming'],
    ] as const
  ).map(([short, long]) => area('US', short, long)),
  area('AU', 'NSW', 'New South Wales'),
  area('AU', 'VIC', 'Victoria'),
  area('AU', 'QLD', 'Queensland'),
  area('AU', 'WA', 'Western Australia'),
  area('AU', 'SA', 'South Australia'),
  area('AU', 'TAS', 'Tasmania'),
  area('AU', 'ACT', 'Australian Capital Territory'),
  area('AU', 'NT', 'Northern Territory'),
  area('CA', 'AB', 'Alberta'),
  area('CA', 'BC', 'British Columbia'),
  area('CA', 'MB', 'Manitoba'),
  area('CA', 'NB', 'New Brunswick'),
  area('CA', 'NL', 'Newfoundland and Labrador'),
  area('CA', 'NS', 'Nova Scotia'),
  area('CA', 'ON', 'Ontario'),
  area('CA', 'PE', 'Prince Edward Island'),
  area('CA', 'QC', 'Quebec'),
  area('CA', 'SK', 'Saskatchewan'),
  area('CA', 'NT', 'Northwest Territories'),
  area('CA', 'NU', 'Nunavut'),
  area('CA', 'YT', 'Yukon'),
  area('GB', 'England', 'England'),
  area('GB', 'Scotland', 'Scotland'),
  area('GB', 'Wales', 'Wales'),
  area('GB', 'Northern Ireland', 'Northern Ireland'),
  area('DE', 'BE', 'Berlin'),
  area('DE', 'BY', 'Bayern'),
  area('DE', 'HH', 'Hamburg'),
  area('DE', 'HE', 'Hessen'),
  area('DE', 'NRW', 'Nordrhein-Westfalen'),
  area('DE', 'BW', 'Baden-Württemberg'),
  area('DE', 'NI', 'Niedersachsen'),
  area('DE', 'SN', 'Sachsen'),
];

/**
 * The areas a word or name may stand for, best first for the given countries: `WA` is Washington unless
 * the address is Australian. German areas match by name only.
 */
export function areasNamed(text: string, preferred: readonly CountryCode[]): Area[] {
  const lower = text.toLowerCase();
  const matches = AREAS.filter(
    (candidate) =>
      candidate.long.toLowerCase() === lower ||
      (candidate.country !== 'DE' && candidate.short.toLowerCase() === lower),
  );
  const rank = (candidate: Area) => {
    const index = preferred.indexOf(candidate.country);
    return index === -1 ? preferred.length : index;
  };
  return matches.sort((a, b) => rank(a) - rank(b));
}

/** Street types: Google's formatted addresses use the short form, address components both. */
export const STREET_TYPES: ReadonlyArray<readonly [long: string, short: string]> = [
  ['Street', 'St'],
  ['Road', 'Rd'],
  ['Avenue', 'Ave'],
  ['Drive', 'Dr'],
  ['Boulevard', 'Blvd'],
  ['Place', 'Pl'],
  ['Parade', 'Pde'],
  ['Lane', 'Ln'],
  ['Court', 'Ct'],
  ['Terrace', 'Tce'],
  ['Crescent', 'Cres'],
  ['Highway', 'Hwy'],
  ['Parkway', 'Pkwy'],
  ['Close', 'Cl'],
  ['Square', 'Sq'],
  ['Way', 'Way'],
  ['Quay', 'Quay'],
  ['Platz', 'Platz'],
  ['Straße', 'Straße'],
];

/** One gazetteer entry: a real address as Google answers it. */
export interface KnownPlace {
  placeId: string;
  formattedAddress: string;
  types: string[];
  location: LatLng;
  components: AddressComponent[];
}

const streetNumber = (value: string): AddressComponent => ({
  long_name: value,
  short_name: value,
  types: ['street_number'],
});
const route = (long: string, short = long): AddressComponent => ({
  long_name: long,
  short_name: short,
  types: ['route'],
});
const sublocality = (value: string): AddressComponent => ({
  long_name: value,
  short_name: value,
  types: ['political', 'sublocality', 'sublocality_level_1'],
});
const locality = (value: string): AddressComponent => ({
  long_name: value,
  short_name: value,
  types: ['locality', 'political'],
});
const state = (long: string, short = long): AddressComponent => ({
  long_name: long,
  short_name: short,
  types: ['administrative_area_level_1', 'political'],
});
const country = (code: CountryCode): AddressComponent => {
  const known = countryByCode(code)!;
  return { long_name: known.name, short_name: code, types: ['country', 'political'] };
};
const postalCode = (value: string): AddressComponent => ({
  long_name: value,
  short_name: value,
  types: ['postal_code'],
});

/** Place ids in Google's `ChIJ…` form (27 characters), fixed so tests and fixtures may name them. */
export const GAZETTEER: readonly KnownPlace[] = [
  {
    placeId: 'ChIJ2eUgeAK6j4ARbn5u_wAGqWA',
    formattedAddress: '1600 Amphitheatre Pkwy, Mountain View, CA 94043, USA',
    types: ['street_address'],
    location: { lat: 37.4224764, lng: -122.0842499 },
    components: [
      streetNumber('1600'),
      route('Amphitheatre Parkway', 'Amphitheatre Pkwy'),
      locality('Mountain View'),
      state('California', 'CA'),
      country('US'),
      postalCode('94043'),
    ],
  },
  {
    placeId: 'ChIJaXQRs6lZwokRY6EFpJnhNNE',
    formattedAddress: '350 5th Ave, New York, NY 10118, USA',
    types: ['street_address'],
    location: { lat: 40.7484405, lng: -73.9856644 },
    components: [
      streetNumber('350'),
      route('5th Avenue', '5th Ave'),
      sublocality('Manhattan'),
      locality('New York'),
      state('New York', 'NY'),
      country('US'),
      postalCode('10118'),
    ],
  },
  {
    placeId: 'ChIJ3S-JXmauEmsRUcIaWtf4MzE',
    formattedAddress: '2 Macquarie St, Sydney NSW 2000, Australia',
    types: ['street_address'],
    location: { lat: -33.8567844, lng: 151.2152967 },
    components: [
      streetNumber('2'),
      route('Macquarie Street', 'Macquarie St'),
      locality('Sydney'),
      state('New South Wales', 'NSW'),
      country('AU'),
      postalCode('2000'),
    ],
  },
  {
    placeId: 'ChIJgf0RD69C1moR4OeMIXVWBAU',
    formattedAddress: '1 Collins St, Melbourne VIC 3000, Australia',
    types: ['street_address'],
    location: { lat: -37.8143507, lng: 144.9739944 },
    components: [
      streetNumber('1'),
      route('Collins Street', 'Collins St'),
      locality('Melbourne'),
      state('Victoria', 'VIC'),
      country('AU'),
      postalCode('3000'),
    ],
  },
  {
    placeId: 'ChIJF7QkuDsDLW0R9Dv3mwbZSVg',
    formattedAddress: '1 Queen Street, Auckland CBD, Auckland 1010, New Zealand',
    types: ['street_address'],
    location: { lat: -36.8433009, lng: 174.7669754 },
    components: [
      streetNumber('1'),
      route('Queen Street'),
      sublocality('Auckland CBD'),
      locality('Auckland'),
      state('Auckland'),
      country('NZ'),
      postalCode('1010'),
    ],
  },
  {
    placeId: 'ChIJ-T4wzdGvOG0RCIbKpyLuTQk',
    formattedAddress: '101 Lambton Quay, Wellington Central, Wellington 6011, New Zealand',
    types: ['street_address'],
    location: { lat: -41.2816347, lng: 174.776435 },
    components: [
      streetNumber('101'),
      route('Lambton Quay'),
      sublocality('Wellington Central'),
      locality('Wellington'),
      state('Wellington'),
      country('NZ'),
      postalCode('6011'),
    ],
  },
  {
    placeId: 'ChIJRxzRQcUEdkgRGVaKyzmkgvg',
    formattedAddress: '10 Downing St, London SW1A 2AA, UK',
    types: ['street_address'],
    location: { lat: 51.5033635, lng: -0.1276248 },
    components: [
      streetNumber('10'),
      route('Downing Street', 'Downing St'),
      locality('London'),
      state('England'),
      country('GB'),
      postalCode('SW1A 2AA'),
    ],
  },
  {
    placeId: 'ChIJ8xFp9pDHh0gRi3TEmJaNc2s',
    formattedAddress: '1 Princes St, Edinburgh EH2 2EQ, UK',
    types: ['street_address'],
    location: { lat: 55.9533131, lng: -3.1895871 },
    components: [
      streetNumber('1'),
      route('Princes Street', 'Princes St'),
      locality('Edinburgh'),
      state('Scotland'),
      country('GB'),
      postalCode('EH2 2EQ'),
    ],
  },
  {
    placeId: 'ChIJmzrzi9Y0K4gRgXUc3sTY7RU',
    formattedAddress: '290 Bremner Blvd, Toronto, ON M5V 3L9, Canada',
    types: ['street_address'],
    location: { lat: 43.6425662, lng: -79.3870568 },
    components: [
      streetNumber('290'),
      route('Bremner Boulevard', 'Bremner Blvd'),
      locality('Toronto'),
      state('Ontario', 'ON'),
      country('CA'),
      postalCode('M5V 3L9'),
    ],
  },
  {
    placeId: 'ChIJ3Yrlc4JxhlQRl1-sH1vBWvE',
    formattedAddress: '999 Canada Pl, Vancouver, BC V6C 3T4, Canada',
    types: ['street_address'],
    location: { lat: 49.2887963, lng: -123.1111095 },
    components: [
      streetNumber('999'),
      route('Canada Place', 'Canada Pl'),
      locality('Vancouver'),
      state('British Columbia', 'BC'),
      country('CA'),
      postalCode('V6C 3T4'),
    ],
  },
  {
    placeId: 'ChIJiQnyVcZRqEcRY0xnhE77uyY',
    formattedAddress: 'Pariser Platz 1, 10117 Berlin, Germany',
    types: ['street_address'],
    location: { lat: 52.5162746, lng: 13.3777041 },
    components: [
      streetNumber('1'),
      route('Pariser Platz'),
      sublocality('Mitte'),
      locality('Berlin'),
      state('Berlin', 'BE'),
      country('DE'),
      postalCode('10117'),
    ],
  },
  {
    placeId: 'ChIJ2V-Mo_l1nkcRfZixfUq4DAE',
    formattedAddress: 'Marienplatz 8, 80331 München, Germany',
    types: ['street_address'],
    location: { lat: 48.1373932, lng: 11.5754485 },
    components: [
      streetNumber('8'),
      route('Marienplatz'),
      sublocality('Altstadt-Lehel'),
      locality('München'),
      state('Bayern', 'BY'),
      country('DE'),
      postalCode('80331'),
    ],
  },
];
