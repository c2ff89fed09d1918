import { Inject, Injectable } from '@nestjs/common';
import { ApiError, Database, EventBus, isUuid, uuidv7 } from '@tourly/platform';
import { PropertyScope } from '../properties/property-scope';
import { requireLink } from './links';
import { MediaLinksRepository } from './media-links.repository';

export interface MediaLink {
  id: string;
  url: string;
  title: string | null;
  position: number;
  createdAt: string;
}

export const MEDIA_LINK_NOT_FOUND = 'Media link not found';

/** Links to a property's media elsewhere (brochures, listings, virtual staging...), in the order added. */
@Injectable()
export class MediaLinksService {
  constructor(
    private readonly db: Database,
    private readonly links: MediaLinksRepository,
    private readonly scope: PropertyScope,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  async list(providerId: string, propertyId: string): Promise<MediaLink[]> {
    const tx = this.db.dataSource;
    await this.scope.of(tx, providerId, propertyId);
    const rows = await this.links.list(tx, providerId, propertyId);
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  }

  async add(
    providerId: string,
    propertyId: string,
    links: Array<{ url: string; title?: string }>,
  ): Promise<MediaLink[]> {
    const urls = links.map((link, index) => requireLink(link.url, `mediaLinks.${index}.url`));
    const ids = links.map(() => uuidv7());
    await this.db.transaction(async (tx) => {
      await this.scope.of(tx, providerId, propertyId, true);
      await this.links.insert(
        tx,
        providerId,
        propertyId,
        links.map((link, index) => ({ id: ids[index]!, url: urls[index]!, title: link.title || null })),
      );
      await this.events.publish(
        'properties.media.added.v1',
        { providerId, propertyId, kind: 'media_link', mediaIds: ids },
        tx,
      );
    });
    const all = await this.list(providerId, propertyId);
    return all.filter((link) => ids.includes(link.id));
  }

  /** `strict`: a DELETE by id, where an id not among the property's links is a 404. */
  async remove(
    providerId: string,
    propertyId: string,
    ids: string[],
    strict: boolean,
  ): Promise<{ ids: string[] }> {
    const wanted = ids.filter(isUuid);
    if (strict && wanted.length !== ids.length) throw ApiError.notFound(MEDIA_LINK_NOT_FOUND);
    return this.db.transaction(async (tx) => {
      await this.scope.of(tx, providerId, propertyId, true);
      const deleted = await this.links.delete(tx, providerId, propertyId, wanted);
      if (strict && deleted.length !== new Set(wanted).size) throw ApiError.notFound(MEDIA_LINK_NOT_FOUND);
      return { ids: deleted };
    });
  }
}
