import type { TourLayers, WelcomeScreen } from '@tourly/contracts';

/**
 * What the tour view reads of the player's JSON (GET /provider/virtual_tours/{id}/preview for the provider, the
 * public tour for visitors), camelCased as the API client hands it over. Only the members the view uses: the
 * provider's answer type is checked against it where it is passed in, so the two cannot drift apart.
 */
export interface TourData {
  property: {
    id: string;
    title: string;
    address: string | null;
    latitude: number | null;
    longitude: number | null;
  };
  model: { key: string; embedUrl: string };
  layers: TourLayers & {
    /** The welcome screen's picture is a stored image: its address, when the server sends one. */
    welcomeScreen: WelcomeScreen & { imageUrl?: string | null };
  };
  branding: {
    primaryColor: string | null;
    providerName: string | null;
    providerLogoUrl: string | null;
    providerUrl: string | null;
    clientName: string | null;
    clientLogoUrl: string | null;
    clientUrl: string | null;
  };
  /** The multiple-listing-service link: no provider or agent branding, no lead capture. */
  mls: boolean;
  /**
   * The Showcase SDK the visitor's player follows the visitor with (base.json's `showcase_sdk`); absent or null: none
   * (the provider's preview, or no SDK key configured).
   */
  showcaseSdk?: { url: string; key: string } | null;
}

/**
 * `preview`: the provider's tour space (the contact form and the map are the published tour's; the panels say
 * so); `visitor`: the public player.
 */
export type TourMode = 'preview' | 'visitor';
