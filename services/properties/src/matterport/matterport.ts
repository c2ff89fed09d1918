import { Inject, Injectable } from '@nestjs/common';
import { ApiError, CONFIG } from '@tourly/platform';
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

export const MATTERPORT_UNAVAILABLE = 'Matterport is not answering right now; please try again in a moment.';
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

interface ModelNode {
  id: string;
  name: string;
  state: string;
  created?: string;
  image?: { resizeUrl?: string };
  address?: { address1?: string; city?: string; state?: string; postal?: string; country?: string } | null;
  visibility?: string;
}

/** The Matterport port: its Model API (GraphQL, an API token's Basic auth), or the emulator. */
@Injectable()
export class Matterport {
  constructor(@Inject(CONFIG) private readonly config: PropertiesConfig) {}

  async models(query: { search?: string; offset: number; pageSize: number }) {
    const data = await this.graph<{ models: { totalResults: number; results: ModelNode[] } }>(LIST_MODELS, {
      query: query.search || undefined,
      offset: String(query.offset),
      pageSize: query.pageSize,
    });
    return { total: data.models.totalResults, models: data.models.results.map(toModel) };
  }

  /**
   * One model of the account, or null when Matterport knows none by that id. A visibility Matterport may add
   * later counts as `private` (nothing is assumed open that was not said to be).
   */
  async model(id: string): Promise<MatterportModelDetail | null> {
    const data = await this.graph<{ model: ModelNode | null }>(GET_MODEL, { id });
    if (!data.model) return null;
    const visibility = MATTERPORT_VISIBILITIES.find((known) => known === data.model!.visibility) ?? 'private';
    return { ...toModel(data.model), visibility };
  }

  private async graph<T>(query: string, variables: Record<string, unknown>): Promise<T> {
    const token = Buffer.from(`${this.config.MATTERPORT_TOKEN_ID}:${this.config.MATTERPORT_TOKEN_SECRET}`);
    let body: { data?: T; errors?: Array<{ message: string }> };
    try {
      const response = await fetch(`${this.config.MATTERPORT_API_URL.replace(/\/$/, '')}/api/models/graph`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Basic ${token.toString('base64')}` },
        body: JSON.stringify({ query, variables }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      body = (await response.json()) as typeof body;
    } catch {
      throw ApiError.unavailable(MATTERPORT_UNAVAILABLE);
    }
    if (!body.data) throw ApiError.unavailable(MATTERPORT_UNAVAILABLE);
    return body.data;
  }
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
