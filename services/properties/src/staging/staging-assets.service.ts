import type { IncomingMessage } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import {
  ApiError,
  changedFields,
  createValidationPipe,
  Database,
  LOGGER,
  receiveFile,
  refuseUnstorableText,
  toCamelKeys,
  uuidv7,
  type Caller,
  type FieldChanges,
  type Logger,
  type Page,
  type PageQuery,
  type Queryable,
} from '@tourly/platform';
import { Storage } from '@tourly/platform/storage';
import { PropertyScope } from '../properties/property-scope';
import { safeKeyName } from '../uploads/files';
import type {
  AssetChanges,
  AssetLogResponse,
  AssetResponse,
  AssetsQuery,
  CategoryResponse,
  CreditForm,
  ProviderAssetsQuery,
} from './staging-assets.dto';
import { MODEL_FIELD, NewAssetForm } from './staging-assets.dto';
import {
  StagingAssetsRepository,
  type AssetCredit,
  type AssetLogAction,
  type AssetRow,
} from './staging-assets.repository';
import { readModel, STAGING_LIMITS, STAGING_MESSAGES } from './staging-assets.rules';
import { modelThumbnail } from './model-thumbnail';
import { StagingScenesRepository } from './scenes/staging-scenes.repository';

export const GLB_CONTENT_TYPE = 'model/gltf-binary';

/** Where a model is kept: under its library (the platform's, or the provider's id), then its own id. */
export const assetKey = (owner: string | null, id: string, filename: string) =>
  `staging-assets/${owner ?? 'platform'}/${id}/${safeKeyName(filename)}`;

/** Beside the model: its catalogue picture (`model-thumbnail.ts`). */
const thumbnailKeyOf = (owner: string | null, id: string) =>
  `staging-assets/${owner ?? 'platform'}/${id}/thumbnail.webp`;
const THUMBNAIL_CONTENT_TYPE = 'image/webp';

/**
 * The staging asset library (issue 36): 3D models in categories, the platform's library (administrators curate it)
 * and each provider's own uploads. A model arrives in one multipart form with its name, category and credit; it is
 * read whole in memory (at most STAGING_LIMITS.maxModelBytes), checked by its content with glTF Transform, and only
 * then stored: a refused model leaves no object and no row. Every change is logged with who made it.
 */
@Injectable()
export class StagingAssetsService {
  private readonly validation = createValidationPipe();

  constructor(
    private readonly db: Database,
    private readonly assets: StagingAssetsRepository,
    private readonly storage: Storage,
    private readonly properties: PropertyScope,
    private readonly scenes: StagingScenesRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async categories(): Promise<CategoryResponse[]> {
    return this.assets.categories();
  }

  /** A provider's library: the platform's assets and its own, none archived. */
  async providerLibrary(providerId: string, query: ProviderAssetsQuery): Promise<Page<AssetResponse>> {
    if (query.propertyId) await this.properties.of(this.db.dataSource, providerId, query.propertyId);
    if (query.filter && !(await this.assets.category(query.filter))) {
      throw ApiError.invalid('filter', STAGING_MESSAGES.notACategory);
    }
    const page = await this.assets.list(
      { providerId },
      { search: query.search, categoryId: query.filter, archived: false },
      query,
    );
    return this.viewPage(page);
  }

  /** The back office's list: every asset, the platform's and providers', archived ones too. */
  async allAssets(query: AssetsQuery): Promise<Page<AssetResponse>> {
    return this.viewPage(await this.assets.list('all', { search: query.search, archived: true }, query));
  }

  /**
   * A new asset from the multipart form: `owner` null for the platform's library, else the provider whose own it is.
   * 201 with the asset; 422 for a form or a model refused, 413 for a model over the size limit; nothing kept then.
   */
  async create(caller: Caller, owner: string | null, raw: IncomingMessage): Promise<AssetResponse> {
    const { fields, model } = await this.receive(raw);
    const form = await this.formOf(fields);
    return this.createFromModel(caller, owner, model, {
      name: form.asset.name,
      categoryId: form.asset.categoryId,
      credit: creditOf(form.asset.credit),
    });
  }

  /**
   * A new asset from a model already in memory (an upload's, or an import's: the Sketchfab import), with the same
   * checks: the size limit (413), the category, and the model read by its content; refused in `refuse`'s words (the
   * upload's `asset.file` field by default). `alongside` runs in the asset's transaction (a row that points at it);
   * nothing is kept when anything fails.
   */
  async createFromModel(
    caller: Caller,
    owner: string | null,
    model: { bytes: Buffer; filename: string },
    fields: { name: string; categoryId: string; credit: AssetCredit | null },
    options: {
      refuse?: (reason: string) => ApiError;
      alongside?: (tx: Queryable, assetId: string) => Promise<void>;
    } = {},
  ): Promise<AssetResponse> {
    const refuse = options.refuse ?? ((reason: string) => ApiError.invalid('asset.file', reason));
    if (model.bytes.length > STAGING_LIMITS.maxModelBytes) {
      throw ApiError.base(413, STAGING_MESSAGES.modelTooLarge);
    }
    if (!(await this.assets.category(fields.categoryId))) {
      throw ApiError.invalid('asset.category_id', STAGING_MESSAGES.notACategory);
    }
    const facts = await readModel(model.bytes);
    if ('refused' in facts) throw refuse(facts.refused);

    const id = uuidv7();
    const storageKey = assetKey(owner, id, model.filename);
    await this.storage.put(storageKey, model.bytes, GLB_CONTENT_TYPE);
    const thumbnailKey = await this.storeThumbnail(model.bytes, thumbnailKeyOf(owner, id));
    try {
      await this.db.transaction(async (tx) => {
        await this.assets.insert(tx, {
          id,
          providerId: owner,
          categoryId: fields.categoryId,
          name: fields.name,
          storageKey,
          thumbnailKey,
          filename: model.filename,
          sizeBytes: model.bytes.length,
          ...facts,
          credit: fields.credit,
        });
        await this.log(tx, caller, { id, providerId: owner, name: fields.name }, 'created', null);
        await options.alongside?.(tx, id);
      });
    } catch (error) {
      await this.forget(storedKeys({ storageKey, thumbnailKey }));
      throw error;
    }
    return this.view((await this.assets.find(id))!);
  }

  /** One asset as the library answers it; undefined when it is gone. */
  async find(id: string): Promise<AssetResponse | undefined> {
    const row = await this.assets.find(id);
    return row ? this.view(row) : undefined;
  }

  /** The back office's edit: name, category, credit, archived. One log row: archived, restored or updated. */
  async update(caller: Caller, id: string, changes: AssetChanges): Promise<AssetResponse> {
    await this.db.transaction(async (tx) => {
      const row = await this.assets.lock(tx, id);
      if (!row) throw ApiError.notFound(STAGING_MESSAGES.assetNotFound);
      if (changes.categoryId !== undefined && !(await this.assets.category(changes.categoryId, tx))) {
        throw ApiError.invalid('asset.category_id', STAGING_MESSAGES.notACategory);
      }
      const next = {
        name: changes.name ?? row.name,
        categoryId: changes.categoryId ?? row.categoryId,
        credit: changes.credit === undefined ? row.credit : creditOf(changes.credit),
        archivedAt:
          changes.archived === undefined
            ? row.archivedAt
            : changes.archived
              ? (row.archivedAt ?? new Date())
              : null,
      };
      const diff = changedFields(
        { name: row.name, categoryId: row.categoryId, credit: row.credit, archived: row.archivedAt !== null },
        {
          name: next.name,
          categoryId: next.categoryId,
          credit: next.credit,
          archived: next.archivedAt !== null,
        },
      );
      if (!diff) return;
      await this.assets.update(tx, id, next);
      const action: AssetLogAction = !('archived' in diff.after!)
        ? 'updated'
        : next.archivedAt
          ? 'archived'
          : 'restored';
      await this.log(tx, caller, { id, providerId: row.providerId, name: next.name }, action, diff);
    });
    return this.view((await this.assets.find(id))!);
  }

  /**
   * Deletes an asset and its model. `providerId`: a provider deleting, who reaches its own assets only (the platform's
   * and another provider's are not found); undefined: the back office, any asset. An asset a published scene places
   * is archived instead (out of the library, logged `archived`), never pulled out from under a visitor.
   */
  async remove(caller: Caller, id: string, providerId?: string): Promise<void> {
    const keys = await this.db.transaction(async (tx) => {
      const row = await this.assets.lock(tx, id);
      if (!row || (providerId !== undefined && row.providerId !== providerId)) {
        throw ApiError.notFound(STAGING_MESSAGES.assetNotFound);
      }
      const asset = { id, providerId: row.providerId, name: row.name };
      if (await this.scenes.placesPublished(tx, id)) {
        if (row.archivedAt === null) {
          await this.assets.update(tx, id, { ...row, archivedAt: new Date() });
          const changes = { before: { archived: false }, after: { archived: true } };
          await this.log(tx, caller, asset, 'archived', changes);
        }
        return [];
      }
      await this.assets.delete(tx, id);
      await this.log(tx, caller, asset, 'deleted', null);
      return storedKeys(row);
    });
    if (keys.length > 0) await this.forget(keys);
  }

  async logs(query: PageQuery & { assetId?: string }): Promise<Page<AssetLogResponse>> {
    return this.assets.logs(query, query.assetId);
  }

  /** The multipart form: its text fields and the model, whole (it is read before anything is stored). */
  private async receive(
    raw: IncomingMessage,
  ): Promise<{ fields: Record<string, string>; model: { bytes: Buffer; filename: string } }> {
    const fields: Record<string, string> = {};
    let bytes = Buffer.alloc(0);
    try {
      const received = await receiveFile(raw, {
        field: MODEL_FIELD,
        accept: ['model'],
        maxBytes: STAGING_LIMITS.maxModelBytes,
        fields,
        store: async (body) => {
          const chunks: Buffer[] = [];
          for await (const chunk of body) chunks.push(chunk as Buffer);
          bytes = Buffer.concat(chunks);
        },
      });
      return { fields, model: { bytes, filename: received.filename } };
    } catch (error) {
      // The intake's own 413 names the general upload limit; a model's is smaller.
      if (error instanceof ApiError && error.getStatus() === 413) {
        throw ApiError.base(413, STAGING_MESSAGES.modelTooLarge);
      }
      throw error;
    }
  }

  /** The form's text fields (`asset[credit][model][uid]`...) as the request body they stand for, validated. */
  private async formOf(fields: Record<string, string>): Promise<NewAssetForm> {
    const body = nestedFields(fields);
    refuseUnstorableText({ body });
    return (await this.validation.transform(toCamelKeys(body), {
      type: 'body',
      metatype: NewAssetForm,
    })) as NewAssetForm;
  }

  private async log(
    tx: Queryable,
    caller: Caller,
    asset: { id: string; providerId: string | null; name: string },
    action: AssetLogAction,
    changes: FieldChanges | null,
  ): Promise<void> {
    if (!caller.userId) throw ApiError.unauthorized();
    await this.assets.log(tx, {
      id: uuidv7(),
      assetId: asset.id,
      providerId: asset.providerId,
      assetName: asset.name,
      action,
      actorUserId: caller.userId,
      impersonatorId: caller.impersonatorId,
      changes,
    });
  }

  private async viewPage(page: Page<AssetRow>): Promise<Page<AssetResponse>> {
    return { ...page, items: await Promise.all(page.items.map((row) => this.view(row))) };
  }

  private async view(row: AssetRow): Promise<AssetResponse> {
    return {
      id: row.id,
      name: row.name,
      library: row.providerId === null ? 'platform' : 'provider',
      providerId: row.providerId,
      category: { id: row.categoryId, name: row.categoryName },
      url: await this.storage.readUrl(row.storageKey, row.filename, GLB_CONTENT_TYPE),
      thumbnailUrl: row.thumbnailKey
        ? await this.storage.readUrl(row.thumbnailKey, 'thumbnail.webp', THUMBNAIL_CONTENT_TYPE)
        : null,
      filename: row.filename,
      size: row.sizeBytes,
      triangleCount: row.triangleCount,
      dimensions: { width: row.widthM, height: row.heightM, depth: row.depthM },
      credit: row.credit,
      archivedAt: row.archivedAt,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
  }

  /**
   * The model's catalogue picture, stored; null (logged) when it cannot be made or kept: an asset is worth having
   * without its picture, which the library replaces with its name.
   */
  private async storeThumbnail(model: Buffer, key: string): Promise<string | null> {
    try {
      await this.storage.put(key, await modelThumbnail(model), THUMBNAIL_CONTENT_TYPE);
      return key;
    } catch (error) {
      this.logger.warn({ err: error, key }, 'could not make a staging asset’s thumbnail');
      return null;
    }
  }

  /** Best effort: a model no row points to any more (deleted, or its row never written). */
  private async forget(keys: string[]): Promise<void> {
    await this.storage.delete(keys).catch((error: unknown) => {
      this.logger.warn({ err: error, keys }, 'could not delete a staging asset’s model');
    });
  }
}

/** The objects an asset keeps in storage: its model, and its picture if it has one. */
function storedKeys(row: { storageKey: string; thumbnailKey: string | null }): string[] {
  return row.thumbnailKey ? [row.storageKey, row.thumbnailKey] : [row.storageKey];
}

/** The credit as stored: a thumbnail absent or empty is null. */
export function creditOf(form: CreditForm | null | undefined): AssetCredit | null {
  if (!form) return null;
  return {
    model: { uid: form.model.uid, name: form.model.name, thumbnailUrl: form.model.thumbnailUrl || null },
    user: { name: form.user.name, profileUrl: form.user.profileUrl },
    license: { label: form.license.label, url: form.license.url },
  };
}

const FIELD_NAME = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * `{"asset[name]": "Sofa", "asset[credit][model][uid]": "abc"}` -> `{asset: {name: "Sofa", credit: {model: {uid:
 * "abc"}}}}`, as a form's bracketed names mean. A name that is not of that shape, or that would put a field inside
 * text, is left out (the validation then names what is missing).
 */
export function nestedFields(fields: Record<string, string>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    const match = FIELD_NAME.exec(name);
    if (!match) continue;
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1]!)];
    if (path.some((key) => key === '' || UNSAFE_KEYS.has(key))) continue;
    let node = root;
    let placed = true;
    for (const key of path.slice(0, -1)) {
      const next = node[key];
      if (next === undefined) node = node[key] = {} as Record<string, unknown>;
      else if (typeof next === 'object' && next !== null) node = next as Record<string, unknown>;
      else {
        placed = false;
        break;
      }
    }
    const last = path[path.length - 1]!;
    if (placed && node[last] === undefined) node[last] = value;
  }
  return root;
}
