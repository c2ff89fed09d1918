import { createHash } from 'node:crypto';
import {
  areasNamed,
  COUNTRIES,
  countryByAlias,
  countryByCode,
  DEFAULT_COUNTRY,
  GAZETTEER,
  STREET_TYPES,
  type AddressComponent,
  type Area,
  type Country,
  type CountryCode,
  type KnownPlace,
  type LatLng,
} from './places';

/**
 * Words that reproduce the product's three geocoding failures, wherever they appear in an address (case
 * does not matter): no result at all, a result without coordinates, a result without a location.
 */
export const MAPS_TRIGGERS = {
  /** `ZERO_RESULTS`: 'Address not found'. */
  notFound: 'nowhere',
  /** An `OK` result whose `geometry.location` has no `lat`/`lng`: "Address doesn't have longitude and latitude". */
  noCoordinates: 'no coordinates',
  /** An `OK` result without `geometry`: "Address don't have location". */
  noLocation: 'no location',
} as const;

export type LocationType = 'ROOFTOP' | 'RANGE_INTERPOLATED' | 'GEOMETRIC_CENTER' | 'APPROXIMATE';

export interface Viewport {
  northeast: LatLng;
  southwest: LatLng;
}

/** One result of the Geocoding API, as Google shapes it. */
export interface GeocodeResult {
  address_components: AddressComponent[];
  formatted_address: string;
  /** Absent only for an address containing `no location`. */
  geometry?: {
    /** Empty only for an address containing `no coordinates`. */
    location: Partial<LatLng>;
    location_type: LocationType;
    viewport?: Viewport;
  };
  place_id: string;
  types: string[];
}

/**
 * Geocodes free text: the gazetteer entries it matches, otherwise one synthetic result; none for an empty
 * address or one containing `nowhere`.
 */
export function geocodeAddress(address: string): GeocodeResult[] {
  const text = clean(address);
  if (text === '' || mentions(text, MAPS_TRIGGERS.notFound)) return [];
  const known = hasTrigger(text) ? [] : searchGazetteer(text);
  if (known.length > 0) return known.map(knownResult);
  const synthetic = syntheticResult(text);
  return synthetic ? [synthetic] : [];
}

// ---------------------------------------------------------------------------------------------------------
// The gazetteer

function searchGazetteer(text: string): KnownPlace[] {
  const query = text.toLowerCase();
  const words = ` ${query.replace(/,/g, ' ').replace(/\s+/g, ' ')} `;
  return GAZETTEER.filter((place) => {
    if (searchTexts(place).some((key) => key.includes(query))) return true;
    return streetLines(place).some((line) => words.includes(` ${line} `));
  });
}

function searchTexts(place: KnownPlace): string[] {
  const longForm = place.components.map((component) => component.long_name).join(', ');
  return [place.formattedAddress.toLowerCase(), longForm.toLowerCase()];
}

/** "1600 amphitheatre parkway", "1600 amphitheatre pkwy", "pariser platz 1": enough to recognise a street. */
function streetLines(place: KnownPlace): string[] {
  const number = componentOf(place.components, 'street_number');
  const road = componentOf(place.components, 'route');
  if (!number || !road) return [];
  return [road.long_name, road.short_name].flatMap((name) => [
    `${number.long_name} ${name}`.toLowerCase(),
    `${name} ${number.long_name}`.toLowerCase(),
  ]);
}

function knownResult(place: KnownPlace): GeocodeResult {
  return {
    address_components: place.components.map((component) => ({ ...component, types: [...component.types] })),
    formatted_address: place.formattedAddress,
    geometry: {
      location: { ...place.location },
      location_type: 'ROOFTOP',
      viewport: viewportAround(place.location, 'ROOFTOP'),
    },
    place_id: place.placeId,
    types: [...place.types],
  };
}

// ---------------------------------------------------------------------------------------------------------
// Synthetic addresses: parsed from the comma-separated parts, placed by a hash of their canonical form

interface Street {
  number?: string;
  routeLong: string;
  routeShort: string;
  numberFirst: boolean;
}

interface Postal {
  value: string;
  leading: boolean;
  hint?: CountryCode;
}

/** A middle part of an address: a name, maybe ending in an area ("Sydney NSW"), maybe with a postal code. */
interface Piece {
  name: string;
  area?: { area: Area; text: string };
  postal?: Postal;
}

interface ParsedAddress {
  street?: Street;
  pieces: Piece[];
  country: Country;
}

function syntheticResult(text: string): GeocodeResult | undefined {
  const parsed = parseAddress(text);
  if (!parsed) return undefined;
  const { street, pieces, country } = parsed;
  const names = pieces.map((piece) => piece.name).filter((name) => name !== '');
  const area = pieces.map((piece) => piece.area).find((found) => found !== undefined)?.area;
  const postal = pieces.map((piece) => piece.postal).find((found) => found !== undefined);
  // A city that is its own area (Berlin, Hamburg, New York) is the locality as well.
  const locality = names.at(-1) ?? (area && cityOf(country, area.long)?.name);
  const sublocality = names.length >= 2 ? names.at(-2) : undefined;

  const components: AddressComponent[] = [];
  if (street?.number) components.push(component(street.number, street.number, ['street_number']));
  if (street) components.push(component(street.routeLong, street.routeShort, ['route']));
  if (sublocality) components.push(component(sublocality, sublocality, SUBLOCALITY_TYPES));
  if (locality) components.push(component(locality, locality, ['locality', 'political']));
  if (area) components.push(component(area.long, area.short, ['administrative_area_level_1', 'political']));
  components.push(component(country.name, country.code, ['country', 'political']));
  if (postal) components.push(component(postal.value, postal.value, ['postal_code']));

  const formatted = [
    ...(street ? [streetLine(street)] : []),
    ...pieces.map(pieceText),
    country.formatted,
  ].join(', ');
  const [types, locationType]: [string[], LocationType] = street?.number
    ? [['street_address'], 'ROOFTOP']
    : street
      ? [['route'], 'GEOMETRIC_CENTER']
      : locality
        ? [['locality', 'political'], 'APPROXIMATE']
        : area
          ? [['administrative_area_level_1', 'political'], 'APPROXIMATE']
          : postal
            ? [['postal_code'], 'APPROXIMATE']
            : [['country', 'political'], 'APPROXIMATE'];

  const result: GeocodeResult = {
    address_components: components,
    formatted_address: formatted,
    place_id: encodeAddressPlaceId(formatted),
    types,
  };
  if (mentions(formatted, MAPS_TRIGGERS.noLocation)) return result;
  if (mentions(formatted, MAPS_TRIGGERS.noCoordinates)) {
    return { ...result, geometry: { location: {}, location_type: locationType } };
  }
  const location =
    types[0] === 'country'
      ? { ...country.centre }
      : placeNear(formatted, country, [locality, area?.long, sublocality]);
  return {
    ...result,
    geometry: { location, location_type: locationType, viewport: viewportAround(location, types[0]!) },
  };
}

const SUBLOCALITY_TYPES = ['political', 'sublocality', 'sublocality_level_1'];

function parseAddress(text: string): ParsedAddress | undefined {
  const parts = text
    .split(',')
    .map(clean)
    .filter((part) => part !== '');
  const named = parts.length > 0 ? countryByAlias(parts.at(-1)!) : undefined;
  if (named) parts.pop();
  if (parts.length === 0 && !named) return undefined;

  const first = parts[0];
  const street = first !== undefined && isStreet(first) ? parseStreet(first) : undefined;
  if (street) parts.shift();
  const pieces = parts.map(parsePiece);

  const postalHints = pieces.flatMap((piece) => (piece.postal?.hint ? [piece.postal.hint] : []));
  const preferred = [...(named ? [named.code] : []), ...postalHints];
  recogniseArea(pieces, named?.code, preferred);
  const area = pieces.find((piece) => piece.area)?.area?.area;
  const byCity = () => {
    const names = pieces.map((piece) => piece.name).filter((name) => name !== '');
    return COUNTRIES.find((candidate) => names.some((name) => cityOf(candidate, name)));
  };
  const country =
    named ??
    (area && countryByCode(area.country)) ??
    (preferred[0] && countryByCode(preferred[0])) ??
    byCity() ??
    DEFAULT_COUNTRY;
  return { street, pieces, country };
}

function cityOf(country: Country, name: string): Country['cities'][number] | undefined {
  const lower = name.toLowerCase();
  return country.cities.find((city) => city.name.toLowerCase() === lower);
}

const NUMBER_FIRST = /^(\d{1,5}[a-z]?(?:[-/]\d{1,5}[a-z]?)?)\s+(.*\S)$/i;
const NUMBER_LAST = /^(.*\S)\s+(\d{1,3}[a-z]?)$/i;

/**
 * Ending in a street type ("Main Street", "12345 Main St"), or numbered ("12 Foo St", "Pariser Platz 1")
 * but not a German postal code before a town ("10117 Berlin").
 */
function isStreet(part: string): boolean {
  if (streetType(lastWord(part))) return true;
  if (/^\d{5}\s+\D/.test(part)) return false;
  return NUMBER_FIRST.test(part) || NUMBER_LAST.test(part);
}

function parseStreet(part: string): Street {
  const numberFirst = NUMBER_FIRST.exec(part);
  const numberLast = numberFirst ? null : NUMBER_LAST.exec(part);
  const number = (numberFirst?.[1] ?? numberLast?.[2])?.toUpperCase();
  const road = titleCase(numberFirst?.[2] ?? numberLast?.[1] ?? part);
  const type = streetType(lastWord(road));
  const stem = type ? road.slice(0, road.length - lastWord(road).length) : road;
  return {
    number,
    routeLong: type ? `${stem}${type[0]}` : road,
    routeShort: type ? `${stem}${type[1]}` : road,
    numberFirst: numberLast === null,
  };
}

function streetLine(street: Street): string {
  if (!street.number) return street.routeShort;
  return street.numberFirst
    ? `${street.number} ${street.routeShort}`
    : `${street.routeShort} ${street.number}`;
}

function streetType(word: string): readonly [string, string] | undefined {
  const lower = word.toLowerCase();
  return STREET_TYPES.find(([long, short]) => long.toLowerCase() === lower || short.toLowerCase() === lower);
}

const POSTAL_FORMATS: ReadonlyArray<{
  pattern: RegExp;
  leading: boolean;
  hint?: CountryCode;
  format: (match: RegExpExecArray) => string;
}> = [
  // SW1A 2AA
  {
    pattern: /^(.*?)\s*\b([a-z]{1,2}\d[a-z\d]?)\s*(\d[a-z]{2})$/i,
    leading: false,
    hint: 'GB',
    format: (m) => `${m[2]} ${m[3]}`.toUpperCase(),
  },
  // M5V 3L9
  {
    pattern: /^(.*?)\s*\b([a-z]\d[a-z])\s?(\d[a-z]\d)$/i,
    leading: false,
    hint: 'CA',
    format: (m) => `${m[2]} ${m[3]}`.toUpperCase(),
  },
  // 10117 Berlin
  { pattern: /^(\d{5})\s+(\D.*)$/, leading: true, hint: 'DE', format: (m) => m[1]! },
  // CA 94043, NSW 2000, Auckland 1010
  {
    pattern: /^(.*?)\s*\b(\d{5}(?:-\d{4})?|\d{4})$/,
    leading: false,
    format: (m) => m[2]!,
  },
];

function parsePiece(part: string): Piece {
  for (const { pattern, leading, hint, format } of POSTAL_FORMATS) {
    const match = pattern.exec(part);
    if (!match) continue;
    const value = format(match);
    const name = titleCase(leading ? match[2]! : match[1]!);
    const guessed = hint ?? (value.length === 4 ? 'AU' : value.length >= 5 ? 'US' : undefined);
    return { name, postal: { value, leading, hint: guessed } };
  }
  return { name: titleCase(part) };
}

/**
 * Finds the area, from the last part backwards: a whole part ("California", "nsw") or the last word of one
 * ("Sydney NSW"; an abbreviation there must be written in capitals unless it has three letters or more).
 * Only the country's own areas when the address names its country.
 */
function recogniseArea(
  pieces: Piece[],
  named: CountryCode | undefined,
  preferred: readonly CountryCode[],
): void {
  const lookup = (text: string) =>
    areasNamed(text, preferred).find((candidate) => !named || candidate.country === named);
  for (const piece of [...pieces].reverse()) {
    if (piece.name === '') continue;
    const whole = lookup(piece.name);
    if (whole) {
      const text = whole.long.toLowerCase() === piece.name.toLowerCase() ? whole.long : whole.short;
      piece.area = { area: whole, text };
      piece.name = '';
      return;
    }
    const word = lastWord(piece.name);
    if (word === piece.name) continue;
    const shortForm = word.length >= 3 || word === word.toUpperCase();
    const tail = lookup(word);
    if (tail && (tail.long.toLowerCase() === word.toLowerCase() || shortForm)) {
      const text = tail.long.toLowerCase() === word.toLowerCase() ? tail.long : tail.short;
      piece.area = { area: tail, text };
      piece.name = piece.name.slice(0, piece.name.length - word.length).trim();
      return;
    }
  }
}

function pieceText(piece: Piece): string {
  const words = [piece.name, piece.area?.text].filter((word) => word);
  if (piece.postal?.leading) words.unshift(piece.postal.value);
  else if (piece.postal) words.push(piece.postal.value);
  return words.join(' ');
}

/** Near the named city when the country has it, else near one of its cities picked by the hash. */
function placeNear(formatted: string, country: Country, names: Array<string | undefined>): LatLng {
  const digest = createHash('sha256').update(formatted.toLowerCase()).digest();
  const known = names.map((name) => (name ? cityOf(country, name) : undefined)).find((city) => city);
  const city = known ?? country.cities[digest.readUInt16BE(0) % country.cities.length]!;
  const spread = 0.02;
  const offset = (at: number) => (digest.readUInt16BE(at) / 0xffff - 0.5) * 2 * spread;
  return { lat: round7(city.lat + offset(2)), lng: round7(city.lng + offset(4)) };
}

const VIEWPORT_HALF_SPAN: Record<string, number> = {
  ROOFTOP: 0.0013499,
  street_address: 0.0013499,
  route: 0.004,
  locality: 0.1,
  postal_code: 0.05,
  administrative_area_level_1: 2,
  country: 8,
};

function viewportAround(location: LatLng, kind: string): Viewport {
  const half = VIEWPORT_HALF_SPAN[kind] ?? 0.0013499;
  return {
    northeast: { lat: round7(location.lat + half), lng: round7(location.lng + half) },
    southwest: { lat: round7(location.lat - half), lng: round7(location.lng - half) },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Place ids of synthetic addresses: base64url of a protobuf field 2 holding the formatted address

function encodeAddressPlaceId(formatted: string): string {
  const text = Buffer.from(formatted, 'utf8');
  const length: number[] = [];
  for (let rest = text.length; ; rest >>>= 7) {
    if (rest < 0x80) {
      length.push(rest);
      break;
    }
    length.push((rest & 0x7f) | 0x80);
  }
  return Buffer.concat([Buffer.from([0x12, ...length]), text]).toString('base64url');
}

// ---------------------------------------------------------------------------------------------------------
// Small helpers

function component(long: string, short: string, types: string[]): AddressComponent {
  return { long_name: long, short_name: short, types: [...types] };
}

function componentOf(components: AddressComponent[], type: string): AddressComponent | undefined {
  return components.find((candidate) => candidate.types.includes(type));
}

function hasTrigger(text: string): boolean {
  return Object.values(MAPS_TRIGGERS).some((trigger) => mentions(text, trigger));
}

function mentions(text: string, words: string): boolean {
  return clean(text).toLowerCase().includes(words);
}

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function lastWord(text: string): string {
  return text.slice(text.lastIndexOf(' ') + 1);
}

/** Capitalises words written all in lowercase ("12 foo st" -> "12 Foo St"); others are kept as written. */
function titleCase(text: string): string {
  return clean(text)
    .split(' ')
    .map((word) =>
      /\p{Ll}/u.test(word) && word === word.toLowerCase()
        ? word.charAt(0).toUpperCase() + word.slice(1)
        : word,
    )
    .join(' ');
}

function round7(value: number): number {
  return Math.round(value * 1e7) / 1e7;
}
