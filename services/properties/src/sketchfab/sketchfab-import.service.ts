import { Injectable } from '@nestjs/common';
import { SKETCHFAB_MESSAGES } from '@tourly/contracts';
import { ApiError, type Caller } from '@tourly/platform';
import type { AssetResponse } from '../staging/staging-assets.dto';
import type { AssetCredit } from '../staging/staging-assets.repository';
import { modelFileName, STAGING_LIMITS, STAGING_MESSAGES } from '../staging/staging-assets.rules';
import { StagingAssetsService } from '../staging/staging-assets.service';
import { SketchfabConnectionService } from './sketchfab-connection.service';
import { ArchiveRefused, glbFromGltfZip } from './sketchfab-archive';
import type { SketchfabModelResponse } from './sketchfab.dto';
import { Sketchfab, type Answer, type DownloadLink, type SketchfabModel } from './sketchfab.port';
import { SketchfabRepository } from './sketchfab.repository';
import { categoryFor, clipped, importRefusal } from './sketchfab.rules';

/** Imported first while a second import of the same model was on its way: that one's asset is the answer. */
class ImportedMeanwhile extends Error {}

/**
 * Sketchfab models into the provider's asset library (issue 36): the model read (licence, author, downloadable),
 * refused in words when it may not be staged, its GLB downloaded (else its glTF zip, converted to GLB) through the
 * platform's SSRF guard, and stored by the asset library's own service with the same checks and the credit filled
 * from Sketchfab. One asset per provider and model: importing it again answers the asset it made.
 */
@Injectable()
export class SketchfabImportService {
  constructor(
    private readonly sketchfab: Sketchfab,
    private readonly connection: SketchfabConnectionService,
    private readonly imports: SketchfabRepository,
    private readonly assets: StagingAssetsService,
  ) {}

  /** The model's details, the credit it would carry, whether it can be imported, and the asset it made if it was. */
  async details(providerId: string, uid: string): Promise<SketchfabModelResponse> {
    const model = this.answered(await this.sketchfab.model(uid));
    const refusal = importRefusal(model);
    return {
      uid: model.uid,
      name: model.name,
      downloadable: model.isDownloadable,
      importable: refusal === null,
      refusal,
      credit: creditOf(model),
      assetId: (await this.existing(providerId, uid))?.id ?? null,
    };
  }

  /** The provider's asset made of the model: imported now (201), or the one an earlier import made. */
  async import(caller: Caller, providerId: string, uid: string): Promise<AssetResponse> {
    const existing = await this.existing(providerId, uid);
    if (existing) return existing;
    let token = await this.connection.accessToken(providerId);
    const model = this.answered(await this.sketchfab.model(uid));
    const refusal = importRefusal(model);
    if (refusal) throw ApiError.base(422, refusal);

    let links = await this.sketchfab.downloadLinks(uid, token);
    if (links.kind === 'unauthorized') {
      // Revoked or expired early: renewed once (unless another request did), then asked again.
      token = await this.connection.accessToken(providerId, token);
      links = await this.sketchfab.downloadLinks(uid, token);
    }
    // Sketchfab refuses a model that is not downloadable with a 403; the model said it was a moment ago.
    if (links.kind === 'forbidden') throw ApiError.base(422, SKETCHFAB_MESSAGES.notDownloadable);
    const { glb, gltf } = this.answered(links);
    const bytes = glb
      ? await this.fetched(glb, STAGING_LIMITS.maxModelBytes)
      : gltf
        ? await this.converted(gltf)
        : null;
    if (!bytes) throw ApiError.base(422, SKETCHFAB_MESSAGES.archiveUnreadable);

    try {
      return await this.assets.createFromModel(
        caller,
        providerId,
        { bytes, filename: modelFileName(model.name) },
        {
          name: clipped(model.name, STAGING_LIMITS.name),
          categoryId: categoryFor(model),
          credit: creditOf(model),
        },
        {
          refuse: (reason) => ApiError.base(422, SKETCHFAB_MESSAGES.modelRefused(reason)),
          alongside: async (tx, assetId) => {
            if (!(await this.imports.recordImport(tx, providerId, model.uid, assetId))) {
              throw new ImportedMeanwhile();
            }
          },
        },
      );
    } catch (error) {
      if (!(error instanceof ImportedMeanwhile)) throw error;
      const made = await this.existing(providerId, uid);
      if (!made) throw ApiError.unavailable(SKETCHFAB_MESSAGES.unavailable);
      return made;
    }
  }

  private async existing(providerId: string, uid: string): Promise<AssetResponse | undefined> {
    const assetId = await this.imports.importedAsset(providerId, uid);
    return assetId ? this.assets.find(assetId) : undefined;
  }

  /** A GLB download, its size checked before (as Sketchfab says it) and while it is read. */
  private async fetched(link: DownloadLink, maxBytes: number): Promise<Buffer> {
    if (link.size !== null && link.size > maxBytes) throw ApiError.base(413, STAGING_MESSAGES.modelTooLarge);
    const file = await this.sketchfab.download(link, maxBytes);
    if ('bytes' in file) return file.bytes;
    if (file.refused === 'too_large') throw ApiError.base(413, STAGING_MESSAGES.modelTooLarge);
    throw ApiError.base(502, SKETCHFAB_MESSAGES.downloadFailed);
  }

  /** The glTF zip, downloaded and converted to one GLB. */
  private async converted(link: DownloadLink): Promise<Buffer> {
    const zip = await this.fetched(link, STAGING_LIMITS.maxModelBytes);
    try {
      return Buffer.from(await glbFromGltfZip(zip));
    } catch (error) {
      if (!(error instanceof ArchiveRefused)) throw error;
      throw ApiError.base(
        422,
        error.reason ? SKETCHFAB_MESSAGES.modelRefused(error.reason) : SKETCHFAB_MESSAGES.archiveUnreadable,
      );
    }
  }

  /** An answer's value; its failure in words (404 the model, 503 Sketchfab out of reach or not answering). */
  private answered<T>(answer: Answer<T>): T {
    switch (answer.kind) {
      case 'ok':
        return answer.value;
      case 'not_found':
        throw ApiError.notFound(SKETCHFAB_MESSAGES.modelNotFound);
      default:
        throw ApiError.unavailable(SKETCHFAB_MESSAGES.unavailable);
    }
  }
}

/** 002 §3's third-party model credit, from what Sketchfab says of the model (its pages where it says none). */
function creditOf(model: SketchfabModel): AssetCredit {
  const text = (value: string) => clipped(value, STAGING_LIMITS.creditText);
  return {
    model: { uid: model.uid, name: text(model.name), thumbnailUrl: model.thumbnailUrl },
    user: {
      name: text(model.author.displayName),
      profileUrl:
        model.author.profileUrl ?? `https://sketchfab.com/${encodeURIComponent(model.author.username)}`,
    },
    license: {
      label: text(model.license?.label ?? 'Unknown'),
      url: model.license?.url ?? 'https://sketchfab.com/licenses',
    },
  };
}
