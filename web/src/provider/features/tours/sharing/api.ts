import type { MEDIA_SIZES, MEDIA_SUB_TYPES, MEDIA_TYPES, MeasurementUnit } from '@tourly/contracts';
import { request } from '../../../../api/client';

/*
 * The player link and its settings (properties README, "## Tours", "The player link and its settings"), camelCased
 * as the client reads them. Written from the contract until the gateway's document declares these routes.
 */

export interface PlayerLinkBranding {
  displayProviderLogo: boolean;
  primaryColor: string;
  clientUrl: string | null;
  clientLogoUrl: string | null;
  clientName: string | null;
  providerName: string | null;
  providerUrl: string | null;
  providerLogoUrl: string | null;
}

export type MediaType = (typeof MEDIA_TYPES)[number];
export type MediaSubType = (typeof MEDIA_SUB_TYPES)[number];
export type MediaSize = (typeof MEDIA_SIZES)[number];

export interface PlayerLinkMedia {
  type: MediaType;
  subType: MediaSubType | null;
  size: MediaSize;
  url: string | null;
  mediaId: string | null;
}

export interface PlayerLinkSetup {
  language: string;
  measurementUnit: MeasurementUnit;
  showMap: boolean;
  showContactForm: boolean;
  showFooter: boolean;
}

/** The scan viewer's URL parameters: every parameter of the catalogue, by its name camelCased, and the embed's query. */
export interface UrlParameters {
  id: string;
  propertyId: string;
  values: Record<string, number | string | null>;
  query: string;
}

export interface PlayerLink {
  id: string;
  propertyId: string;
  clientSlug: string;
  modelSlug: string;
  /** Absolute URLs; `whiteLabel` is null while the provider has neither a subdomain nor a white-label domain. */
  links: { default: string; whiteLabel: string | null; mls: string };
  embedCode: string;
  branding: PlayerLinkBranding;
  media: PlayerLinkMedia;
  /** The scan key replacing the property's model in this player; null: the property's own. */
  modelSource: string | null;
  /** The model the player shows. */
  matterportKey: string;
  setup: PlayerLinkSetup;
  username: string | null;
  hasPassword: boolean;
  /** Shared (published feature `tour`) and the plan publishes: the links answer for visitors. */
  shareable: boolean;
  matterportModelParameter: UrlParameters;
  virtualTour: { id: string; hasDraft: boolean; draftSavedAt: string | null; publishedAt: string | null };
  updatedAt: string;
}

/** A change of the branding: each key sent replaces its value, null restores its default. */
export type BrandingChange = { [Key in keyof PlayerLinkBranding]?: PlayerLinkBranding[Key] | null };
export type SetupChange = Partial<PlayerLinkSetup>;

const property = (id: string, rest: string) => `/provider/properties/${encodeURIComponent(id)}${rest}`;
const playerLink = (id: string, rest: string) => `/provider/player_links/${encodeURIComponent(id)}${rest}`;
const parameters = (id: string, rest = '') =>
  `/provider/matterport_model_parameters/${encodeURIComponent(id)}${rest}`;

/** The property's player link, made the first time it is read. */
export const fetchPlayerLink = (propertyId: string, signal?: AbortSignal) =>
  request<PlayerLink>('GET', property(propertyId, '/player_link'), { signal });

/**
 * The client's part (name, URL, logo) is saved only when `clientChanged`: otherwise the stored client stays,
 * whatever the form holds (someone else may have changed it meanwhile).
 */
export const updateBranding = (linkId: string, branding: BrandingChange, clientChanged: boolean) =>
  request<PlayerLink>('POST', playerLink(linkId, '/update_player_link_branding'), {
    body: {
      providerPropertiesUpdatePlayerLinkBrandingForm: branding,
      providerClientHasChanged: clientChanged ? '1' : '0',
    },
  });

export const updateMedia = (linkId: string, media: PlayerLinkMedia) =>
  request<PlayerLink>('PUT', playerLink(linkId, '/update_media'), { body: { playerLinkMedia: media } });

/** A bare model id or any Matterport link; null: the property's own model. */
export const updatePrimaryModel = (linkId: string, modelSource: string | null) =>
  request<PlayerLink>('POST', playerLink(linkId, '/update_primary_model'), {
    body: { playerLink: { modelSource } },
  });

export const updateSetup = (linkId: string, setup: SetupChange) =>
  request<PlayerLink>('POST', playerLink(linkId, '/update_setup'), { body: { playerLinkSetup: setup } });

/** Both empty remove the password (from the tour and the website alike). */
export const updatePassword = (propertyId: string, credentials: { username: string; password: string }) =>
  request<PlayerLink>('PATCH', property(propertyId, '/update_player_link_password'), {
    body: { playerLink: credentials },
  });

/** Values by camelCased name (sent snake_case, the catalogue's names); null: back to the viewer's default. */
export const updateUrlParameters = (
  parametersId: string,
  values: Partial<Record<string, number | string | null>>,
) => request<UrlParameters>('PUT', parameters(parametersId), { body: { matterportModelParameter: values } });

export const revertUrlParameters = (parametersId: string) =>
  request<UrlParameters>('POST', parameters(parametersId, '/revert_to_default'));
