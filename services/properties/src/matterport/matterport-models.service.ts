import { Injectable } from '@nestjs/common';
import { MATTERPORT_MESSAGES, type MatterportConnectionStatus } from '@tourly/contracts';
import { ApiError } from '@tourly/platform';
import { SCAN_KEY_INVALID } from '../properties/properties.service';
import { parseScanKey } from '../scan-keys/scan-key';
import { Matterport } from './matterport';
import type {
  MatterportInfoResponse,
  MatterportModelsQuery,
  MatterportModelsResponse,
  MatterportRoomsResponse,
} from './matterport.dto';

export const MATTERPORT_NOT_CONNECTED =
  'No Matterport account is connected: an admin of your team can connect one in Settings.';
export const MATTERPORT_MODEL_NOT_FOUND =
  'This model is not in your connected Matterport account. Check the id or link, or the account connected in Settings.';

/**
 * The provider's own Matterport account as the pages read it (002 §7 "Matterport integration"): its models, one
 * model's details and its rooms. Only ever the account the provider connected (or, for the demo provider of
 * `npm start`, the platform's own).
 */
@Injectable()
export class MatterportModels {
  constructor(private readonly matterport: Matterport) {}

  /** Empty (with the connection saying why) when there is no account to read. */
  async models(providerId: string, query: MatterportModelsQuery): Promise<MatterportModelsResponse> {
    const page = await this.matterport.models(providerId, {
      search: query.query,
      offset: query.offset,
      pageSize: query.limit,
    });
    return {
      connection: page.connection,
      totalResults: page.total,
      nextOffset: page.nextOffset,
      results: page.models,
    };
  }

  async info(providerId: string, matterportKey: string): Promise<MatterportInfoResponse> {
    const { connection, model } = await this.matterport.read(providerId, modelIdOf(matterportKey));
    if (!model) throw notFound(connection);
    return model;
  }

  async rooms(providerId: string, matterportKey: string): Promise<MatterportRoomsResponse> {
    const modelId = modelIdOf(matterportKey);
    const { connection, rooms } = await this.matterport.rooms(providerId, modelId);
    if (!rooms) throw notFound(connection);
    return { matterportKey: modelId, rooms };
  }
}

function modelIdOf(matterportKey: string): string {
  const scanKey = parseScanKey(matterportKey);
  if (!scanKey) throw ApiError.invalid('matterport_key', SCAN_KEY_INVALID);
  return scanKey.modelId;
}

/** No such model in the account read; with no account read, what to do about that instead. */
function notFound(connection: MatterportConnectionStatus): ApiError {
  if (connection === 'not_connected') return ApiError.conflict(MATTERPORT_NOT_CONNECTED);
  if (connection === 'broken') return ApiError.conflict(MATTERPORT_MESSAGES.refreshRefused);
  return ApiError.notFound(MATTERPORT_MODEL_NOT_FOUND);
}
