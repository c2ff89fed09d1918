import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Vendor } from '../../vendor';
import { autocomplete, countriesOf, geocodeAddress, resultForPlaceId, type GeocodeResult } from './geocoder';

export {
  MAPS_TRIGGERS,
  type AutocompletePrediction as MapsAutocompletePrediction,
  type GeocodeResult as MapsGeocodeResult,
  type LocationType as MapsLocationType,
} from './geocoder';
export {
  GAZETTEER as MAPS_GAZETTEER,
  type AddressComponent as MapsAddressComponent,
  type KnownPlace as MapsKnownPlace,
  type LatLng as MapsLatLng,
} from './places';

/** Google's statuses, in the body of every answer. */
export type MapsStatus = 'OK' | 'ZERO_RESULTS' | 'NOT_FOUND' | 'INVALID_REQUEST' | 'REQUEST_DENIED';

type Query = Record<string, string | string[] | undefined>;

const KEY_MISSING =
  'You must use an API key to authenticate each request to Google Maps Platform APIs. ' +
  'For additional information, please refer to http://g.co/dev/maps-no-account';
const ADDRESS_MISSING =
  "Invalid request. Missing the 'address', 'components', 'latlng' or 'place_id' parameter.";

/**
 * Google Maps Platform's Geocoding API and Places Autocomplete / Place Details (the legacy JSON web
 * services), at Google's paths under the prefix: point an adapter's `https://maps.googleapis.com` at
 * `<emulators>/maps`. Any key is accepted; none is `REQUEST_DENIED`. Answers are deterministic: a small
 * gazetteer of real addresses, otherwise a synthetic result parsed from the text, and the trigger words of
 * MAPS_TRIGGERS for the product's failures. Stateless.
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
    const placeId = param(query, 'place_id');
    if (placeId) {
      const found = resultForPlaceId(placeId);
      if (found === 'invalid') return invalid(reply, "Invalid request. Invalid 'place_id' parameter.");
      return found ? ok(found) : { results: [], status: 'ZERO_RESULTS' };
    }
    if (param(query, 'latlng')) {
      return invalid(reply, 'Invalid request. Reverse geocoding (latlng) is not emulated.');
    }
    const address = param(query, 'address');
    if (!address) return invalid(reply, ADDRESS_MISSING);
    const results = geocodeAddress(address, countriesOf(param(query, 'components')));
    return results.length > 0 ? { results, status: 'OK' } : { results: [], status: 'ZERO_RESULTS' };
  });

  app.get<{ Querystring: Query }>('/maps/api/place/autocomplete/json', async (request) => {
    const query = request.query;
    if (!param(query, 'key')) {
      return { error_message: KEY_MISSING, predictions: [], status: 'REQUEST_DENIED' };
    }
    const input = param(query, 'input');
    if (!input) return { predictions: [], status: 'INVALID_REQUEST' };
    const predictions = autocomplete(input, countriesOf(param(query, 'components')));
    return predictions.length > 0
      ? { predictions, status: 'OK' }
      : { predictions: [], status: 'ZERO_RESULTS' };
  });

  app.get<{ Querystring: Query }>('/maps/api/place/details/json', async (request) => {
    const query = request.query;
    if (!param(query, 'key')) {
      return { error_message: KEY_MISSING, html_attributions: [], status: 'REQUEST_DENIED' };
    }
    const placeId = param(query, 'place_id') ?? param(query, 'placeid');
    if (!placeId) return { html_attributions: [], status: 'INVALID_REQUEST' };
    const found = resultForPlaceId(placeId);
    if (found === 'invalid') return { html_attributions: [], status: 'INVALID_REQUEST' };
    if (!found) return { html_attributions: [], status: 'NOT_FOUND' };
    return { html_attributions: [], result: details(found, param(query, 'fields')), status: 'OK' };
  });
};

function ok(result: GeocodeResult) {
  return { results: [result], status: 'OK' };
}

/** The Geocoding API answers a malformed request with 400 and its usual body. */
function invalid(reply: FastifyReply, message: string) {
  return reply.code(400).send({ error_message: message, results: [], status: 'INVALID_REQUEST' });
}

/**
 * Place Details' `result`: the geocoding fields plus `name`, limited to `fields` when given
 * (`fields=geometry/location,formatted_address` keeps `geometry` and `formatted_address`).
 */
function details(result: GeocodeResult, fields: string | undefined): Record<string, unknown> {
  const full: Record<string, unknown> = { ...result, name: result.formatted_address.split(', ')[0] };
  if (!fields) return full;
  const wanted = new Set(fields.split(',').map((field) => field.trim().split('/')[0]));
  return Object.fromEntries(Object.entries(full).filter(([field]) => wanted.has(field)));
}

/** A query parameter's value, trimmed; a repeated parameter counts by its first value. */
function param(query: Query, name: string): string | undefined {
  const raw = query[name];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return value ? value : undefined;
}
