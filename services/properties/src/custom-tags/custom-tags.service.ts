import { Inject, Injectable } from '@nestjs/common';
import { CUSTOM_TAG_LIMITS, CUSTOM_TAG_MESSAGES } from '@tourly/contracts';
import {
  ApiError,
  CONFIG,
  Database,
  isUuid,
  likePattern,
  pageOf,
  uuidv7,
  type Page,
  type PageQuery,
} from '@tourly/platform';
import { Storage } from '@tourly/platform/storage';
import type { PropertiesConfig } from '../config';
import { requireExternalVideoLink } from '../media/links';
import { PropertyScope } from '../properties/property-scope';
import { UploadsService } from '../uploads/uploads.service';
import { UploadsSweeper } from '../uploads/uploads.sweeper';
import { CustomTagsRepository, type CustomTagRow, type TagToInsert } from './custom-tags.repository';
import {
  DEFAULT_TAG_ICON,
  iconRefusal,
  repeatedIds,
  searchTextOf,
  tagFilters,
  tagMediaOf,
  type CustomTag,
  type TagMedia,
  type TagPosition,
} from './custom-tags.rules';
import { UploadedIconsRepository, type UploadedIconRow } from './uploaded-icons.repository';

/** A tag as the provider and the visitor see it: its media's photo and its uploaded icon with their addresses. */
export interface TagView extends CustomTag {
  iconUrl: string | null;
  media: TagMedia & { photoUrl: string | null };
}

export interface TagLayerView {
  customTags: TagView[];
  settings: { tourlyTagsEnabled: boolean };
  updatedAt: string | null;
}

export interface UploadedIcon {
  id: string;
  name: string;
  url: string;
  createdAt: string;
}

/** A tag as the form sends it (the DTO's checks passed). */
export interface TagInput {
  id?: string | null;
  label: string;
  description?: string | null;
  icon?: string | null;
  uploadedIconId?: string | null;
  color: string;
  position?: TagPosition | null;
  sweepId?: string | null;
  media: Parameters<typeof tagMediaOf>[0];
}

/** A tag checked: an id only when it names one of the tour's tags (a new tag gets one when saved). */
type CheckedTag = Omit<CustomTag, 'id'> & { id: string | null };

const TAGS_FIELD = 'tagLayer.customTags';
const ICON_UPLOAD_FIELD = 'uploadedIcon.uploadId';

/**
 * Custom tags (issue 34): a property's tags, saved whole by the provider (the list sent replaces the tour's; there is
 * no draft: visitors see the saved tags once the tour is shared, premium, and its layer on), the provider's uploaded
 * icons, and the visitor's list.
 */
@Injectable()
export class CustomTagsService {
  private readonly ownDomains: string[];

  constructor(
    @Inject(CONFIG) config: PropertiesConfig,
    private readonly db: Database,
    private readonly scope: PropertyScope,
    private readonly tags: CustomTagsRepository,
    private readonly icons: UploadedIconsRepository,
    private readonly uploads: UploadsService,
    private readonly sweeper: UploadsSweeper,
    private readonly storage: Storage,
  ) {
    this.ownDomains = config.OWN_DOMAINS.split(',').map((domain) => domain.trim().toLowerCase());
  }

  async layer(providerId: string, propertyId: string): Promise<TagLayerView> {
    await this.scope.of(this.db.dataSource, providerId, propertyId);
    const [layer, rows] = await Promise.all([
      this.tags.layer(providerId, propertyId),
      this.tags.tags(providerId, propertyId),
    ]);
    return {
      customTags: await Promise.all(rows.map((row) => this.view(row))),
      settings: { tourlyTagsEnabled: layer?.tagsEnabled ?? true },
      updatedAt: layer?.updatedAt.toISOString() ?? null,
    };
  }

  /**
   * POST custom_tag_layer: the list replaces the tour's tags, in its order. Each tag's id is one of the tour's tags
   * (kept) or left out (a new tag); icons are built-in names or the provider's uploaded icons; photos are the
   * property's; video links are outside links (media links' rule). Any refusal changes nothing.
   */
  async save(providerId: string, propertyId: string, input: TagInput[]): Promise<TagLayerView> {
    const checked = this.checked(input);
    const photoIds = checked.flatMap((tag) => (tag.media.mediaId ? [tag.media.mediaId] : []));
    const photos = await this.tags.photosOf(propertyId, photoIds);
    const errors: Record<string, string> = {};
    checked.forEach((tag, index) => {
      if (tag.media.mediaId && !photos.has(tag.media.mediaId)) {
        errors[`${TAGS_FIELD}.${index}.media.mediaId`] = CUSTOM_TAG_MESSAGES.notAPhoto;
      }
    });
    ApiError.refuseAny(errors);
    await this.db.transaction(async (tx) => {
      await this.scope.of(tx, providerId, propertyId);
      await this.tags.lockLayer(tx, providerId, propertyId);
      await this.icons.lock(tx, providerId);
      const current = new Set((await this.tags.tags(providerId, propertyId, tx)).map((row) => row.id));
      const iconIds = checked.flatMap((tag) => (tag.uploadedIconId ? [tag.uploadedIconId] : []));
      const ownIcons = await this.icons.own(tx, providerId, iconIds);
      checked.forEach((tag, index) => {
        if (tag.id && !current.has(tag.id)) {
          errors[`${TAGS_FIELD}.${index}.id`] = CUSTOM_TAG_MESSAGES.unknownTag;
        }
        if (tag.uploadedIconId && !ownIcons.has(tag.uploadedIconId)) {
          errors[`${TAGS_FIELD}.${index}.uploadedIconId`] = CUSTOM_TAG_MESSAGES.unknownIcon;
        }
      });
      ApiError.refuseAny(errors);
      await this.tags.replace(
        tx,
        providerId,
        propertyId,
        checked.map((tag): TagToInsert => ({
          ...tag,
          id: tag.id ?? uuidv7(),
          searchText: searchTextOf(tag),
        })),
      );
    });
    return this.layer(providerId, propertyId);
  }

  /** POST custom_tag_layer/settings: the layer's switch (002 §3 `{product}TagsEnabled`). */
  async setEnabled(providerId: string, propertyId: string, enabled: boolean): Promise<TagLayerView> {
    await this.db.transaction(async (tx) => {
      await this.scope.of(tx, providerId, propertyId);
      await this.tags.lockLayer(tx, providerId, propertyId);
      await this.tags.setEnabled(tx, propertyId, enabled);
    });
    return this.layer(providerId, propertyId);
  }

  /** tags.json: a page of a shared tour's tags (none for a basic tour or one whose tag layer is off). */
  async visitorPage(
    propertyId: string,
    query: PageQuery & { search?: string; filters?: Record<string, string> },
  ): Promise<Page<TagView>> {
    const filters = tagFilters(query.filters);
    const rows = await this.tags.publicPage(propertyId, {
      search: likePattern(query.search),
      ...filters,
      billboards: false,
      limit: query.pageSize,
      offset: query.offset,
    });
    const total = rows[0]?.total ?? 0;
    return pageOf(await Promise.all(rows.map((row) => this.view(row))), total, query);
  }

  /** billboard_assets: the pictures of a shared tour's billboards (rich_billboard tags with a photo), by tag id. */
  async billboards(propertyId: string): Promise<Array<{ id: string; url: string }>> {
    const rows = await this.tags.publicPage(propertyId, {
      search: null,
      mediaType: null,
      icon: null,
      billboards: true,
      limit: 200,
      offset: 0,
    });
    const views = await Promise.all(rows.map((row) => this.view(row)));
    return views.flatMap((tag) => (tag.media.photoUrl ? [{ id: tag.id, url: tag.media.photoUrl }] : []));
  }

  // Uploaded icons.

  async iconList(providerId: string, search: string | undefined): Promise<UploadedIcon[]> {
    const rows = await this.icons.list(providerId, search);
    return Promise.all(rows.map((row) => this.icon(row)));
  }

  /** POST uploaded_icons.json: an image the provider uploaded (a temporary upload, used up) and its name. */
  async addIcon(providerId: string, form: { uploadId: string; name: string }): Promise<UploadedIcon> {
    await this.uploads.checkDirect(providerId, [form.uploadId], ['image'], ICON_UPLOAD_FIELD);
    const id = uuidv7();
    await this.db.transaction(async (tx) => {
      if ((await this.icons.countLocked(tx, providerId)) >= CUSTOM_TAG_LIMITS.uploadedIcons) {
        throw ApiError.base(422, CUSTOM_TAG_MESSAGES.tooManyIcons);
      }
      const [file] = await this.uploads.attach(tx, providerId, [form.uploadId], ['image'], ICON_UPLOAD_FIELD);
      await this.icons.insert(tx, { id, providerId, fileId: file!.id, name: form.name });
    });
    return this.icon((await this.icons.find(providerId, id))!);
  }

  /** DELETE uploaded_icons/{id}.json: refused while a tag shows it; its file leaves storage with the sweep. */
  async removeIcon(providerId: string, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.icons.lock(tx, providerId);
      const own = await this.icons.own(tx, providerId, isUuid(id) ? [id] : []);
      if (!own.has(id)) throw ApiError.notFound(CUSTOM_TAG_MESSAGES.iconNotFound);
      if (await this.icons.inUse(tx, id)) throw ApiError.conflict(CUSTOM_TAG_MESSAGES.iconInUse);
      const removed = await this.icons.delete(tx, providerId, id);
      await this.uploads.discard(removed ? [removed.fileId] : [], tx);
    });
    void this.sweeper.sweepNow();
  }

  /** The tags sent, each reduced to what it keeps, or every refusal at once (422 by field). */
  private checked(input: TagInput[]): CheckedTag[] {
    const errors: Record<string, string> = {};
    for (const index of repeatedIds(input.map((tag) => tag.id))) {
      errors[`${TAGS_FIELD}.${index}.id`] = CUSTOM_TAG_MESSAGES.duplicateId;
    }
    const tags = input.map((tag, index): CheckedTag | null => {
      const field = `${TAGS_FIELD}.${index}`;
      const icon = tag.icon ?? null;
      const uploadedIconId = tag.uploadedIconId?.toLowerCase() ?? null;
      const refusal = iconRefusal(icon, uploadedIconId);
      if (refusal) errors[`${field}.icon`] = refusal;
      const media = tagMediaOf(tag.media, `${field}.media`);
      if ('errors' in media) {
        Object.assign(errors, media.errors);
        return null;
      }
      if (media.media.type === 'video') {
        try {
          media.media.url = requireExternalVideoLink(media.media.url!, `${field}.media.url`, this.ownDomains);
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          Object.assign(errors, Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0]!])));
        }
      }
      return {
        id: tag.id?.toLowerCase() ?? null,
        label: tag.label,
        description: tag.description ?? '',
        icon: icon === null && uploadedIconId === null ? DEFAULT_TAG_ICON : icon,
        uploadedIconId,
        color: tag.color.toLowerCase(),
        position: tag.position
          ? {
              anchor: { x: tag.position.anchor.x, y: tag.position.anchor.y, z: tag.position.anchor.z },
              stemNormal: {
                x: tag.position.stemNormal.x,
                y: tag.position.stemNormal.y,
                z: tag.position.stemNormal.z,
              },
            }
          : null,
        sweepId: tag.sweepId || null,
        media: { ...media.media, mediaId: media.media.mediaId?.toLowerCase() ?? null },
      };
    });
    ApiError.refuseAny(errors);
    return tags.filter((tag): tag is CheckedTag => tag !== null);
  }

  private async view(row: CustomTagRow): Promise<TagView> {
    const [iconUrl, photoUrl] = await Promise.all([
      row.iconStorageKey
        ? this.storage.readUrl(row.iconStorageKey, undefined, row.iconContentType ?? undefined)
        : null,
      row.photoStorageKey
        ? this.storage.readUrl(
            row.photoStorageKey,
            row.photoFilename ?? undefined,
            row.photoContentType ?? undefined,
          )
        : null,
    ]);
    return {
      id: row.id,
      label: row.label,
      description: row.description,
      icon: row.icon,
      uploadedIconId: row.uploadedIconId,
      iconUrl,
      color: row.color,
      position: row.anchor && row.stemNormal ? { anchor: row.anchor, stemNormal: row.stemNormal } : null,
      sweepId: row.sweepId,
      media: { ...row.media, photoUrl },
    };
  }

  private async icon(row: UploadedIconRow): Promise<UploadedIcon> {
    return {
      id: row.id,
      name: row.name,
      url: await this.storage.readUrl(row.storageKey, row.filename, row.contentType ?? undefined),
      createdAt: row.createdAt.toISOString(),
    };
  }
}
