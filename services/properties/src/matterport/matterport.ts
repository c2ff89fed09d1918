import { Inject, Injectable } from '@nestjs/common';
import {
  MATTERPORT_ACCESS_TOKEN,
  MATTERPORT_ACCESS_TOKEN_TIMEOUT_MS,
  type MatterportAccessToken,
  type MatterportAccessTokenRequest,
  type MatterportConnectionStatus,
  type MatterportPlan,
  type MatterportPlanRequest,
} from '@tourly/contracts';
import { ApiError, CONFIG, RpcClient } from '@tourly/platform';
import type { PropertiesConfig } from '../config';

export interface MatterportModel {
  id: string;
  name: string;
  state: string;
  created: string | null;
  thumbnailUrl: string | null;
  address: string | null;
}

/**
 * Who may open a model (the Model API's `visibility`): the account's members only, anyone with its link, anyone,
 * or anyone who has its password.
 */
export const MATTERPORT_VISIBILITIES = ['private', 'unlisted', 'public', 'password'] as const;
export type MatterportVisibility = (typeof MATTERPORT_VISIBILITIES)[number];

/** One model as `model(id)` reads it: the list's fields and who may open it. */
export interface MatterportModelDetail extends MatterportModel {
  visibility: MatterportVisibility;
}

/** A room of a model, as its floor plan names it. */
export interface MatterportRoom {
  id: string;
  label: string | null;
  floor: { id: string; label: string | null } | null;
}

/** One panorama of a model: its id (the sweep's), the room it stands in, and its picture's signed link. */
export interface MatterportPanorama {
  id: string;
  room: string | null;
  url: string;
}

/** A page of the account's models, as the Model API pages them: `nextOffset` null on the last one. */
export interface MatterportModelsPage {
  connection: MatterportConnectionStatus;
  total: number;
  nextOffset: string | null;
  models: MatterportModel[];
}

export const MATTERPORT_UNAVAILABLE = 'Matterport is not answering right now; please try again in a moment.';
export const MATTERPORT_OFFSET_REFUSED =
  'is not where a page of your Matterport models starts: use a next_offset Matterport answered, or none for the first page';
/** The Model API's largest page. */
export const MATTERPORT_MAX_PAGE_SIZE = 100;
const TIMEOUT_MS = 15_000;
const LIST_MODELS = `query ListModels($query: String, $offset: String, $pageSize: Int) {
  models(query: $query, offset: $offset, pageSize: $pageSize) {
    totalResults nextOffset
    results { id name state created image { resizeUrl } address { address1 city state postal country } }
  }
}`;

const GET_MODEL = `query GetModel($id: ID!) {
  model(id: $id) {
    id name state visibility created image { resizeUrl } address { address1 city state postal country }
  }
}`;

const GET_ROOMS = `query GetRooms($id: ID!) {
  model(id: $id) { id rooms { id label floor { id label } } }
}`;

/**
 * The panoramas (scan positions) of a model, each as an equirectangular picture behind a link Matterport signs for
 * a while (an hour): the 2k resolution, what a segmentation reads well.
 */
const GET_PANORAMAS = `query GetPanoramas($id: ID!) {
  model(id: $id) { id panoLocations { id label image(format: equirectangular, resolution: "2k") { url } } }
}`;

/** Matterport's schematic floor plan, the add-on the platform buys (`floorplan:schematic`). */
const SCHEMATIC_PLAN_FIELDS = 'processing { status failureReason } assets { url format filename }';

const ORDER_SCHEMATIC_PLAN = `mutation OrderSchematicPlan($id: ID!, $options: [BundleOptionInput!]) {
  unlockModelBundle(id: $id, bundleId: "floorplan:schematic", bundleOptions: $options) { ${SCHEMATIC_PLAN_FIELDS} }
}`;

const GET_SCHEMATIC_PLAN = `query GetSchematicPlan($id: ID!) {
  model(id: $id) { id bundle(id: "floorplan:schematic") { ${SCHEMATIC_PLAN_FIELDS} } }
}`;

const PLAN_CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
};

export const MATTERPORT_ACCOUNT_FIRST =
  'Connect your Matterport account in Settings first: Matterport draws its plans for the account that holds the space.';
export const MATTERPORT_MODEL_ELSEWHERE =
  "This property's Matterport space is not in your Matterport account: Matterport draws plans only for the account that holds the space.";

interface BundleNode {
  processing?: { status?: string | null; failureReason?: string | null } | null;
  assets?: Array<{ url?: string | null; format?: string | null; filename?: string | null }> | null;
}

interface ModelNode {
  id: string;
  name: string;
  state: string;
  created?: string;
  image?: { resizeUrl?: string };
  address?: { address1?: string; city?: string; state?: string; postal?: string; country?: string } | null;
  visibility?: string;
}

interface RoomNode {
  id: string;
  label?: string | null;
  floor?: { id: string; label?: string | null } | null;
}

/** What a call to the Model API is made with: the provider's OAuth token, the platform's API token, or nothing. */
interface Credentials {
  connection: MatterportConnectionStatus;
  authorization: string | null;
  /** The provider's access token (Bearer), to hand back to identity when Matterport refuses it. */
  accessToken: string | null;
}

/** The answer to one Model API call for a provider: null data when the provider has no account to read. */
interface Answer<T> {
  connection: MatterportConnectionStatus;
  data: T | null;
  /** What Matterport said beside data it answered in part (a field it refused: `Model not found`). */
  errors: string[];
}

/**
 * The Matterport port: its Model API (GraphQL) read as a provider, or the emulator. Each provider reads its own
 * Matterport account, with the access token identity keeps for it (`identity.matterport.access_token`); without a
 * connection (or with a broken one) it reads nothing. The platform's own account (the API token configured here) is
 * read only for a provider identity answers `platform` for: the demo provider of `npm start`.
 */
@Injectable()
export class Matterport {
  constructor(
    @Inject(CONFIG) private readonly config: PropertiesConfig,
    private readonly rpc: RpcClient,
  ) {}

  /** A page of the provider's account's models; none when it has no account to read. */
  async models(
    providerId: string,
    query: { search?: string; offset?: string; pageSize: number },
  ): Promise<MatterportModelsPage> {
    const answer = await this.graph<{
      models: { totalResults: number; nextOffset?: string | null; results: ModelNode[] };
    }>(
      providerId,
      LIST_MODELS,
      { query: query.search || undefined, offset: query.offset || undefined, pageSize: query.pageSize },
      // Matterport refuses the list only for its arguments: an offset it did not hand out.
      () =>
        query.offset
          ? ApiError.invalid('offset', MATTERPORT_OFFSET_REFUSED)
          : ApiError.unavailable(MATTERPORT_UNAVAILABLE),
    );
    if (!answer.data) return { connection: answer.connection, total: 0, nextOffset: null, models: [] };
    const { models } = answer.data;
    return {
      connection: answer.connection,
      total: models.totalResults,
      nextOffset: models.nextOffset ?? null,
      models: models.results.map(toModel),
    };
  }

  /**
   * One model of the provider's account, or null when that account has none by that id (or there is no account to
   * read). A visibility Matterport may add later counts as `private` (nothing is assumed open that was not said to be).
   */
  async model(providerId: string, id: string): Promise<MatterportModelDetail | null> {
    return (await this.read(providerId, id)).model;
  }

  /** One model, and which account was read for it. */
  async read(
    providerId: string,
    id: string,
  ): Promise<{ connection: MatterportConnectionStatus; model: MatterportModelDetail | null }> {
    const { connection, data } = await this.graph<{ model: ModelNode | null }>(providerId, GET_MODEL, { id });
    if (!data?.model) return { connection, model: null };
    const visibility = MATTERPORT_VISIBILITIES.find((known) => known === data.model!.visibility) ?? 'private';
    return { connection, model: { ...toModel(data.model), visibility } };
  }

  /** A model's rooms (null when the provider's account has no model by that id), and which account was read. */
  async rooms(
    providerId: string,
    id: string,
  ): Promise<{ connection: MatterportConnectionStatus; rooms: MatterportRoom[] | null }> {
    const { connection, data } = await this.graph<{ model: { rooms: RoomNode[] } | null }>(
      providerId,
      GET_ROOMS,
      { id },
    );
    if (!data?.model) return { connection, rooms: null };
    const rooms = data.model.rooms.map((room) => ({
      id: room.id,
      label: room.label ?? null,
      floor: room.floor ? { id: room.floor.id, label: room.floor.label ?? null } : null,
    }));
    return { connection, rooms };
  }

  /** A model's panoramas with a picture (null when the provider's account has no model by that id). */
  async panoramas(
    providerId: string,
    id: string,
  ): Promise<{ connection: MatterportConnectionStatus; panoramas: MatterportPanorama[] | null }> {
    const { connection, data } = await this.graph<{
      model: {
        panoLocations: Array<{ id: string; label?: string | null; image?: { url?: string | null } | null }>;
      } | null;
    }>(providerId, GET_PANORAMAS, { id });
    if (!data?.model) return { connection, panoramas: null };
    const panoramas = data.model.panoLocations.flatMap((location) =>
      location.image?.url ? [{ id: location.id, room: location.label ?? null, url: location.image.url }] : [],
    );
    return { connection, panoramas };
  }

  /**
   * Buys Matterport's schematic floor plan of a model of the provider's account, as fast as asked (`delivery_time`),
   * drawn as the provider's plans are (units, dimensions, total area; Matterport's defaults otherwise). Refused in
   * words (422) without an account to order with, for a model the account does not hold, or when Matterport refuses
   * the order (its words).
   */
  async orderSchematicPlan(
    providerId: string,
    modelId: string,
    drawing?: MatterportPlanRequest['drawing'],
    speed: MatterportPlanRequest['speed'] = 'normal',
  ): Promise<MatterportPlan> {
    const options: Array<{ key: string; value: string }> = [{ key: 'delivery_time', value: speed }];
    if (drawing)
      options.push(
        { key: 'unit_type', value: drawing.units },
        { key: 'hide_dimensions', value: String(!drawing.showDimensions) },
        { key: 'hide_internal_area', value: String(!drawing.showTotalArea) },
      );
    const answer = await this.graph<{ unlockModelBundle: BundleNode | null }>(
      providerId,
      ORDER_SCHEMATIC_PLAN,
      { id: modelId, options },
    );
    if (!answer.data) throw ApiError.base(422, MATTERPORT_ACCOUNT_FIRST);
    if (!answer.data.unlockModelBundle) throw planRefusal(answer.errors);
    return planOf(answer.data.unlockModelBundle);
  }

  /** How the provider's order of the model's schematic floor plan stands (`none` when never ordered). */
  async schematicPlan(providerId: string, modelId: string): Promise<MatterportPlan> {
    const answer = await this.graph<{ model: { bundle: BundleNode | null } | null }>(
      providerId,
      GET_SCHEMATIC_PLAN,
      { id: modelId },
    );
    if (!answer.data) throw ApiError.base(422, MATTERPORT_ACCOUNT_FIRST);
    if (!answer.data.model) throw ApiError.base(422, MATTERPORT_MODEL_ELSEWHERE);
    return planOf(answer.data.model.bundle ?? {});
  }

  /** `refused`: the error for a query Matterport answered with errors and no data (its arguments refused). */
  private async graph<T>(
    providerId: string,
    query: string,
    variables: Record<string, unknown>,
    refused: () => ApiError = () => ApiError.unavailable(MATTERPORT_UNAVAILABLE),
  ): Promise<Answer<T>> {
    let credentials = await this.credentials({ providerId });
    if (!credentials.authorization) return { connection: credentials.connection, data: null, errors: [] };
    let response = await this.post(credentials.authorization, query, variables);
    if (response.status === 401 && credentials.accessToken) {
      // Refused before its time (revoked, or expired early): identity renews it once, whoever else asks too.
      credentials = await this.credentials({ providerId, rejectedAccessToken: credentials.accessToken });
      if (!credentials.authorization) return { connection: credentials.connection, data: null, errors: [] };
      response = await this.post(credentials.authorization, query, variables);
    }
    let body: { data?: T | null; errors?: Array<{ message: string }> };
    try {
      body = (await response.json()) as typeof body;
    } catch {
      throw ApiError.unavailable(MATTERPORT_UNAVAILABLE);
    }
    if (response.ok && !body.data && body.errors?.length) throw refused();
    if (!response.ok || !body.data) throw ApiError.unavailable(MATTERPORT_UNAVAILABLE);
    const errors = (body.errors ?? []).map((error) => error.message);
    return { connection: credentials.connection, data: body.data, errors };
  }

  private async post(
    authorization: string,
    query: string,
    variables: Record<string, unknown>,
  ): Promise<Response> {
    try {
      return await fetch(`${this.config.MATTERPORT_API_URL.replace(/\/$/, '')}/api/models/graph`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization },
        body: JSON.stringify({ query, variables }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw ApiError.unavailable(MATTERPORT_UNAVAILABLE);
    }
  }

  /** What to call the Model API with for the provider: no authorization when it has no account to read. */
  private async credentials(request: MatterportAccessTokenRequest): Promise<Credentials> {
    const { status, accessToken } = await this.accessToken(request);
    if (status === 'connected' && accessToken) {
      return { connection: status, authorization: `Bearer ${accessToken}`, accessToken };
    }
    if (status === 'platform' && this.config.MATTERPORT_TOKEN_ID) {
      const token = `${this.config.MATTERPORT_TOKEN_ID}:${this.config.MATTERPORT_TOKEN_SECRET}`;
      return {
        connection: status,
        authorization: `Basic ${Buffer.from(token).toString('base64')}`,
        accessToken: null,
      };
    }
    // The platform's account without its API token configured here is no account to read.
    return {
      connection: status === 'platform' ? 'not_connected' : status,
      authorization: null,
      accessToken: null,
    };
  }

  private accessToken(request: MatterportAccessTokenRequest): Promise<MatterportAccessToken> {
    return this.rpc.ask<MatterportAccessToken>(
      MATTERPORT_ACCESS_TOKEN,
      request,
      MATTERPORT_ACCESS_TOKEN_TIMEOUT_MS,
    );
  }
}

/** Matterport refused the order: a model it does not know is not the account's; else its own words. */
function planRefusal(errors: string[]): ApiError {
  if (errors.length === 0 || errors.some((message) => /model not found/i.test(message)))
    return ApiError.base(422, MATTERPORT_MODEL_ELSEWHERE);
  return ApiError.base(422, `Matterport refused the order: ${errors.join('; ')}`);
}

function planOf(bundle: BundleNode): MatterportPlan {
  const status = bundle.processing?.status;
  const known = status === 'pending' || status === 'completed' || status === 'failed' ? status : 'none';
  const files =
    known === 'completed'
      ? (bundle.assets ?? []).flatMap((asset) => {
          const contentType = asset.format ? PLAN_CONTENT_TYPES[asset.format] : undefined;
          return asset.url && asset.filename && contentType
            ? [{ url: asset.url, filename: asset.filename, contentType }]
            : [];
        })
      : [];
  return {
    status: known,
    failureReason: known === 'failed' ? (bundle.processing?.failureReason ?? null) : null,
    files,
  };
}

function toModel(node: ModelNode): MatterportModel {
  const address = node.address
    ? [
        node.address.address1,
        node.address.city,
        node.address.state,
        node.address.postal,
        node.address.country,
      ]
        .filter(Boolean)
        .join(', ')
    : null;
  return {
    id: node.id,
    name: node.name,
    state: node.state,
    created: node.created ?? null,
    thumbnailUrl: node.image?.resizeUrl ?? null,
    address: address || null,
  };
}
