import { Injectable } from '@nestjs/common';
import { SKETCHFAB_MESSAGES } from '@tourly/contracts';
import { ApiError } from '@tourly/platform';
import { Plans } from '../plans/plans';
import { hasCreatorStudio, SCENE_MESSAGES } from '../staging/scenes/staging-scenes.rules';
import type { SketchfabSearchResponse } from './sketchfab.dto';
import { Sketchfab } from './sketchfab.port';
import { importRefusal, SEARCH_PAGE_SIZE } from './sketchfab.rules';

export const NOT_A_CURSOR = 'is not a page of this search: start the search again';

/**
 * Searching Sketchfab from the staging editor: its downloadable models, each marked importable or refused in the
 * words the import would use. Sketchfab's search is public, so no connection is needed; the creator studio is.
 */
@Injectable()
export class SketchfabSearchService {
  constructor(
    private readonly sketchfab: Sketchfab,
    private readonly plans: Plans,
  ) {}

  async search(providerId: string, query: string, cursor: string | null): Promise<SketchfabSearchResponse> {
    if (!hasCreatorStudio(await this.plans.of(providerId))) {
      throw ApiError.forbidden(SCENE_MESSAGES.needsCreatorStudio);
    }
    const answer = await this.sketchfab.search(query, cursor, SEARCH_PAGE_SIZE);
    if (answer.kind === 'not_found') throw ApiError.invalid('cursor', NOT_A_CURSOR);
    if (answer.kind !== 'ok') throw ApiError.unavailable(SKETCHFAB_MESSAGES.unavailable);
    return {
      results: answer.value.models.map((model) => {
        const refusal = importRefusal(model);
        return {
          uid: model.uid,
          name: model.name,
          thumbnailUrl: model.thumbnailUrl,
          authorName: model.author.displayName,
          licenseLabel: model.license?.label ?? 'Unknown',
          importable: refusal === null,
          refusal,
        };
      }),
      nextCursor: answer.value.nextCursor,
    };
  }
}
