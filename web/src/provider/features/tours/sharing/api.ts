import { api } from '../../../../api/client';
import type { Answer } from '../../../../api/types';

/** GET /provider/properties/{id}/player_link (and every change of its settings): the link, made at its first read. */
export type PlayerLink = Answer<'/provider/properties/{id}/player_link', 'get'>;
export type PlayerLinkBranding = PlayerLink['branding'];
export type PlayerLinkMedia = PlayerLink['media'];
export type PlayerLinkSetup = PlayerLink['setup'];
export type MediaType = PlayerLinkMedia['type'];
export type MediaSubType = NonNullable<PlayerLinkMedia['subType']>;
export type MediaSize = PlayerLinkMedia['size'];
/** The scan viewer's URL parameters: every parameter of the catalogue, by its name camelCased, and the embed's query. */
export type UrlParameters = PlayerLink['matterportModelParameter'];

/** A change of the branding: each key sent replaces its value, null restores its default. */
export type BrandingChange = { [Key in keyof PlayerLinkBranding]?: PlayerLinkBranding[Key] | null };
export type SetupChange = Partial<PlayerLinkSetup>;

/** The property's player link, made the first time it is read. */
export const fetchPlayerLink = (propertyId: string, signal?: AbortSignal) =>
  api.get('/provider/properties/{id}/player_link', { params: { id: propertyId }, signal });

/**
 * The client's part (name, URL, logo) is saved only when `clientChanged`: otherwise the stored client stays,
 * whatever the form holds (someone else may have changed it meanwhile).
 */
export const updateBranding = (linkId: string, branding: BrandingChange, clientChanged: boolean) =>
  api.post(
    '/provider/player_links/{id}/update_player_link_branding',
    {
      providerPropertiesUpdatePlayerLinkBrandingForm: branding,
      providerClientHasChanged: clientChanged ? '1' : '0',
    },
    { params: { id: linkId } },
  );

export const updateMedia = (linkId: string, media: PlayerLinkMedia) =>
  api.put('/provider/player_links/{id}/update_media', { playerLinkMedia: media }, { params: { id: linkId } });

/** A bare model id or any Matterport link; null: the property's own model. */
export const updatePrimaryModel = (linkId: string, modelSource: string | null) =>
  api.post(
    '/provider/player_links/{id}/update_primary_model',
    { playerLink: { modelSource } },
    { params: { id: linkId } },
  );

export const updateSetup = (linkId: string, setup: SetupChange) =>
  api.post(
    '/provider/player_links/{id}/update_setup',
    { playerLinkSetup: setup },
    { params: { id: linkId } },
  );

/** Both empty remove the password (from the tour and the website alike). */
export const updatePassword = (propertyId: string, credentials: { username: string; password: string }) =>
  api.patch(
    '/provider/properties/{id}/update_player_link_password',
    { playerLink: credentials },
    { params: { id: propertyId } },
  );

/** The lead gate: the positions visitors see before the contact form asks for their details; null: no gate. */
export const updateLeadGate = (linkId: string, leadGateSweeps: number | null) =>
  api.put(
    '/provider/player_links/{id}/update_lead_gate',
    { playerLink: { leadGateSweeps } },
    { params: { id: linkId } },
  );

/** Values by camelCased name (sent snake_case, the catalogue's names); null: back to the viewer's default. */
export const updateUrlParameters = (
  parametersId: string,
  values: Partial<Record<string, number | string | null>>,
) =>
  api.put(
    '/provider/matterport_model_parameters/{id}',
    { matterportModelParameter: values },
    { params: { id: parametersId } },
  );

export const revertUrlParameters = (parametersId: string) =>
  api.post('/provider/matterport_model_parameters/{id}/revert_to_default', undefined, {
    params: { id: parametersId },
  });
