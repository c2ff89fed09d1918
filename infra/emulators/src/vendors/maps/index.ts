import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Vendor } from '../../vendor';
import { geocodeAddress } from './geocoder';
import { isTile, tileImage } from './tiles';

export {
  MAPS_TRIGGERS,
  type GeocodeResult as MapsGeocodeResult,
  type LocationType as MapsLocationType,
} from './geocoder';
export {
  GAZETTEER as MAPS_GAZETTEER,
  type AddressComponent as MapsAddressComponent,
  type KnownPlace as MapsKnownPlace,
  type LatLng as MapsLatLng,
} from './places';

type Query = Record<string, string | string[] | undefined>;

const KEY_MISSING =
  'You must use an API key to authenticate each request to Google Maps Platform APIs. ' +
  'For additional information, please refer to http://g.co/dev/maps-no-account';
const ADDRESS_MISSING =
  "Invalid request. Missing the 'address', 'components', 'latlng' or 'place_id' parameter.";
/** The parameters the platform sends (services/properties/src/geocoding); any other is refused. */
const PARAMETERS = ['address', 'key'];

/**
 * Google Maps Platform's Geocoding API (the JSON web service) by address, at Google's path under the prefix:
 * point an adapter's `https://maps.googleapis.com` at `<emulators>/maps`. Any key is accepted; none is
 * `REQUEST_DENIED`. Answers are deterministic: a small gazetteer of real addresses, otherwise a synthetic
 * result parsed from the text, and the trigger words of MAPS_TRIGGERS for the product's failures. Stateless.
 */
export function createMapsVendor(): Vendor {
  return { name: 'maps', prefix: '/maps', routes: mapsRoutes };
}

const mapsRoutes: FastifyPluginAsync = async (app) => {
  // Google's web services allow any origin.
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('access-control-allow-origin', '*');
  });

  app.get<{ Querystring: Query }>('/maps/api/geocode/json', async (request, reply) => {
    const query = request.query;
    if (!param(query, 'key')) {
      return { error_message: KEY_MISSING, results: [], status: 'REQUEST_DENIED' };
    }
    const other = Object.keys(query).find((name) => !PARAMETERS.includes(name));
    if (other) return invalid(reply, `Invalid request. The '${other}' parameter is not emulated.`);
    const address = param(query, 'address');
    if (!address) return invalid(reply, ADDRESS_MISSING);
    const results = geocodeAddress(address);
    return results.length > 0 ? { results, status: 'OK' } : { results: [], status: 'ZERO_RESULTS' };
  });

  // Map tiles in the slippy-map scheme (`/maps/tiles/{z}/{x}/{y}.png`, as OpenStreetMap's tile server): a generated
  // picture per tile; a tile outside the world (or a malformed path) is 404, as a tile server answers.
  app.get<{ Params: { z: string; x: string; y: string } }>('/tiles/:z/:x/:y.png', async (request, reply) => {
    const [z, x, y] = [request.params.z, request.params.x, request.params.y].map((part) =>
      /^\d{1,7}$/.test(part) ? Number(part) : NaN,
    );
    if (!isTile(z, x, y)) return reply.status(404).type('text/plain').send('Tile not found');
    return reply
      .type('image/png')
      .header('cache-control', 'public, max-age=86400')
      .send(await tileImage(z, x, y));
  });
};

/** The Geocoding API answers a malformed request with 400 and its usual body. */
function invalid(reply: FastifyReply, message: string) {
  return reply.code(400).send({ error_message: message, results: [], status: 'INVALID_REQUEST' });
}

/** A query parameter's value, trimmed; a repeated parameter counts by its first value. */
function param(query: Query, name: string): string | undefined {
  const raw = query[name];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return value ? value : undefined;
}
