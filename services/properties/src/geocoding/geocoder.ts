import { Inject, Injectable } from '@nestjs/common';
import { MESSAGES } from '@tourly/contracts';
import { ApiError, CONFIG } from '@tourly/platform';
import type { PropertiesConfig } from '../config';

/** 001 §3 "Geocoded address". */
export interface GeocodedAddress {
  formattedAddress: string;
  streetAddress: string | null;
  suburb: string | null;
  state: string | null;
  postcode: string | null;
  country: string | null;
  countryShortName: string | null;
  latitude: number;
  longitude: number;
}

interface GoogleResult {
  formatted_address?: string;
  address_components?: Array<{ long_name: string; short_name: string; types: string[] }>;
  geometry?: { location?: { lat?: number; lng?: number } };
}

export const MAPS_UNAVAILABLE = 'The maps service is not available right now; please try again in a moment.';
const TIMEOUT_MS = 10_000;

/**
 * The maps port: Google's Geocoding API (or its emulator). An address must come back with a location that has
 * latitude and longitude; each way it can fail has the spec's own message, on the `address` field.
 */
@Injectable()
export class Geocoder {
  constructor(@Inject(CONFIG) private readonly config: PropertiesConfig) {}

  async geocode(address: string, field = 'address'): Promise<GeocodedAddress> {
    const results = await this.lookUp(address, field);
    const result = results[0];
    if (!result) throw ApiError.invalid(field, MESSAGES.addressNotFound);
    if (!result.geometry?.location) throw ApiError.invalid(field, MESSAGES.addressWithoutLocation);
    const { lat, lng } = result.geometry.location;
    if (typeof lat !== 'number' || typeof lng !== 'number') {
      throw ApiError.invalid(field, MESSAGES.addressWithoutCoordinates);
    }
    return placeOf(result, address, lat, lng);
  }

  /**
   * The addresses that match what a person typed, best first (the address autocomplete of 000 §2): only those with
   * a location, since an address without one cannot be confirmed; none is an empty list, not an error.
   */
  async suggest(text: string, limit = 5): Promise<GeocodedAddress[]> {
    const results = await this.lookUp(text, 'q').catch((error: unknown) => {
      if (error instanceof ApiError && error.getStatus() === 422) return [];
      throw error;
    });
    return results
      .flatMap((result) => {
        const { lat, lng } = result.geometry?.location ?? {};
        return typeof lat === 'number' && typeof lng === 'number' ? [placeOf(result, text, lat, lng)] : [];
      })
      .slice(0, limit);
  }

  private async lookUp(address: string, field: string): Promise<GoogleResult[]> {
    const url = new URL(`${this.config.MAPS_API_URL.replace(/\/$/, '')}/maps/api/geocode/json`);
    url.searchParams.set('address', address);
    url.searchParams.set('key', this.config.MAPS_API_KEY);
    let body: { status?: string; results?: GoogleResult[] };
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      body = (await response.json()) as typeof body;
    } catch {
      throw ApiError.unavailable(MAPS_UNAVAILABLE);
    }
    if (body.status === 'ZERO_RESULTS' || body.status === 'INVALID_REQUEST') {
      throw ApiError.invalid(field, MESSAGES.addressNotFound);
    }
    if (body.status !== 'OK') throw ApiError.unavailable(MAPS_UNAVAILABLE);
    return body.results ?? [];
  }
}

function placeOf(
  result: GoogleResult,
  address: string,
  latitude: number,
  longitude: number,
): GeocodedAddress {
  const part = (type: string, short = false) => {
    const component = result.address_components?.find((candidate) => candidate.types.includes(type));
    return (short ? component?.short_name : component?.long_name) ?? null;
  };
  const street = [part('street_number'), part('route')].filter(Boolean).join(' ');
  return {
    formattedAddress: result.formatted_address ?? address,
    streetAddress: street || null,
    suburb: part('locality') ?? part('sublocality'),
    state: part('administrative_area_level_1'),
    postcode: part('postal_code'),
    country: part('country'),
    countryShortName: part('country', true),
    latitude,
    longitude,
  };
}
