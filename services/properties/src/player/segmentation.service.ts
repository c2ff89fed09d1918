import { Injectable } from '@nestjs/common';
import { PLAYER_MESSAGES } from '@tourly/contracts';
import { ApiError } from '@tourly/platform';
import { Storage } from '@tourly/platform/storage';
import { Plans } from '../plans/plans';
import type { SceneKeys, SegmentationSceneResponse, SegmentedPanoResponse } from './player.dto';
import { PlayerRepository, type SegmentationSceneRow } from './player.repository';

/**
 * Segmentation scenes of the models shared tours show: anyone may read one or ask for it to be made (it holds no
 * one's content, only the keys and, later, the segmentation's panoramas); a model no shared tour shows is 404
 * `Tour not found`, as the player's other routes.
 */
@Injectable()
export class SegmentationService {
  constructor(
    private readonly player: PlayerRepository,
    private readonly plans: Plans,
    private readonly storage: Storage,
  ) {}

  /** The scene; one never made is answered pending with no panoramas (it is made only by POST). */
  async scene(keys: SceneKeys): Promise<SegmentationSceneResponse> {
    await this.requireShared(keys.matterportKey);
    const row = await this.player.scene(keys.matterportKey, keys.mpModelId);
    return row ? this.sceneView(row) : { id: '', ...keys, status: 'pending', panos: [], updatedAt: '' };
  }

  async ensureScene(keys: SceneKeys): Promise<SegmentationSceneResponse> {
    await this.requireShared(keys.matterportKey);
    return this.sceneView(await this.player.ensureScene(keys.matterportKey, keys.mpModelId));
  }

  /** The segmented panoramas: none when the scene does not exist or has not been segmented. */
  async panos(keys: SceneKeys): Promise<SegmentedPanoResponse[]> {
    await this.requireShared(keys.matterportKey);
    const row = await this.player.scene(keys.matterportKey, keys.mpModelId);
    return row ? this.panosOf(row) : [];
  }

  private async sceneView(row: SegmentationSceneRow): Promise<SegmentationSceneResponse> {
    return {
      id: row.id,
      matterportKey: row.matterportKey,
      mpModelId: row.mpModelId,
      status: row.status,
      panos: await this.panosOf(row),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** The scene's panoramas, each mask behind a link signed for a while. */
  private panosOf(row: SegmentationSceneRow): Promise<SegmentedPanoResponse[]> {
    return Promise.all(
      row.panos.map(async ({ maskKey, ...pano }) => ({
        ...pano,
        url: await this.storage.readUrl(maskKey, undefined, 'image/png'),
      })),
    );
  }

  private async requireShared(matterportKey: string): Promise<void> {
    for (const providerId of await this.player.providersShowing(matterportKey)) {
      if ((await this.plans.of(providerId)).canPublish) return;
    }
    throw ApiError.notFound(PLAYER_MESSAGES.tourNotFound);
  }
}
