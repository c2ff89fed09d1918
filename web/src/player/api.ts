import { tourLayersPath, tourPublicId, type LeadAttribution } from '@tourly/contracts';
import { api, request } from '../api/client';
import type { Answer } from '../api/types';
import type { TourData } from '../tour/types';
import type { VisitorWebsite } from '../website/types';

export interface Agent {
  id: string;
  fullName: string;
  phoneNumber: string | null;
  avatarUrl: string | null;
}

export interface ModelCredit {
  model: { uid: string; name: string; thumbnailUrl: string | null };
  user: { name: string; profileUrl: string | null };
  license: { label: string; url: string | null };
}

/**
 * The player's JSON (GET /digital_twin/{id}/layers/base.json, camelCased): the provider's preview's shape with the
 * published layers, and what only visitors get: the agents, the provider to credit, the map's tiles and the
 * third-party models' credits (properties' README, "The visitor's player").
 */
export interface PlayerTour extends TourData {
  /** The public id, `{client_slug}~{model_slug}`. */
  id: string;
  agents: Agent[];
  provider: { name: string; url: string | null; logoUrl: string | null } | null;
  map: { tilesUrl: string; attribution: string; zoom: number };
  modelCredits: ModelCredit[];
  /**
   * The provider's setup of the player link: `language` is the tour's until the visitor picks one; the map, the
   * contact form and the footer can be switched off.
   */
  setup?: { language: string; showMap: boolean; showContactForm: boolean; showFooter: boolean };
  /**
   * The lead gate: the positions a visitor sees before the contact form asks for their details; null: none, or this
   * browser sent a lead from the tour in the last week.
   */
  leadGate?: { sweeps: number } | null;
  /**
   * A premium tour: the player shows the layers placed in the 3D space, each loaded only when the tour has it; false
   * (or absent): a basic tour, the model under its overlay (properties' README, "What premium gives visitors").
   */
  premiumLayers?: boolean;
  /**
   * The tour has a published staging scene: the player loads its layer, which reads `/vt_staging/{id}/scene.json`
   * and shows the overlay's virtual staging toggle; false (or absent): neither.
   */
  virtualStaging?: boolean;
  /**
   * The model's segmentation is ready: the player loads its rooms view, which reads `/segmentation/segmented_panos.json`
   * with these keys; null (or absent): none.
   */
  segmentation?: { matterportKey: string; mpModelId: string } | null;
  /**
   * The property's digital twin, aligned and shown: its model (signed link) and where the alignment places it (scan =
   * scale × rotation × model + translation); null (or absent): no exterior toggle.
   */
  exterior?: {
    id: string;
    name: string;
    url: string;
    transform: {
      scale: number;
      quaternion: { x: number; y: number; z: number; w: number };
      translation: { x: number; y: number; z: number };
    };
  } | null;
}

export const publicIdOf = tourPublicId;

// Read as the tour view's types (the contract's layers: exactly three columns, children without children), which
// the document cannot state; the provider's preview reads the same shape into them field by field.
// The same address the gateway preloads with the page (`tourLayersPath`), so the browser answers from the preload.
export const fetchTour = (id: string, mls: boolean, signal?: AbortSignal) =>
  request<PlayerTour>('GET', tourLayersPath(id, mls), { signal });

/** What a visitor of a tour paused for an unpaid hosting fee is told: how to reach the provider. */
export type PausedTour = Answer<'/digital_twin/{id}/paused.json', 'get'>;

/** The paused page's answer (GET /digital_twin/{id}/paused.json, while base.json answers 423). */
export const fetchPausedTour = (id: string, signal?: AbortSignal): Promise<PausedTour> =>
  api.get('/digital_twin/{id}/paused.json', { params: { id }, signal });

/** 204 and the tour's cookie, or a 422 in the server's words. */
export const unlockTour = (id: string, username: string, password: string) =>
  api.post('/digital_twin/{id}/unlock', { username, password }, { params: { id } });

/** The analytics event of a visitor asking for an agent's whole number. */
export const recordPhoneReveal = (id: string, agentId: string) =>
  api.post('/digital_twin/{id}/events', { event: { type: 'phone_revealed', agentId } }, { params: { id } });

export interface LeadFields {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  message: string;
  /** The honeypot: people never see it, so only a robot fills it in. */
  company: string;
}

/** Where a lead comes from: the tour (its public id) or the property's website (its id). */
export type LeadSource = { tourId: string } | { propertyId: string };

/** A tour's lead may carry the rooms its visitor walked (the collector's, with consent); a website's never does. */
export const sendLead = (lead: LeadFields & LeadSource & { attribution?: LeadAttribution | null }) =>
  api.post('/v3_player_lead', { lead });

export const fetchWebsite = (
  providerId: string,
  slug: string,
  signal?: AbortSignal,
): Promise<VisitorWebsite> =>
  api.get('/tours/{providerId}/{slug}/website.json', { params: { providerId, slug }, signal });

/** The website behind its tour's password: the tour's username and password give the tour's cookie, for both. */
export const unlockWebsite = (providerId: string, slug: string, username: string, password: string) =>
  api.post(
    '/tours/{providerId}/{slug}/website/unlock',
    { username, password },
    { params: { providerId, slug } },
  );

/** The visitor's consent to the cookie policy: 204 and the `cookie_policy_accepted` cookie, readable by the page. */
export const acceptCookiePolicy = () => api.post('/cookie_policy/accept.json');
