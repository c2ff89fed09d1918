import { Injectable } from '@nestjs/common';
import { defaultTourLayers, type TourLayers } from '@tourly/contracts';
import { queryAffected, queryOne, sql, type Narrow, type Narrowed, type Queryable } from '@tourly/platform';
import type { JsonShaped } from '../json-columns';
import type {
  IDropDraftQuery,
  IFindVirtualTourQuery,
  IFindVirtualTourResult,
  IIsLocationImageQuery,
  ILocationImageFileQuery,
  IMergeDraftPartQuery,
  IPublishVirtualTourQuery,
  ISaveDraftPartQuery,
  IDraftSavedAtQuery,
  ISaveDraftQuery,
  IUnpublishVirtualTourQuery,
  IVirtualTourByPropertyQuery,
} from './virtual-tours.repository.types';

/** What the service keeps in the jsonb columns (the schema takes any JSON): the layers, or none. */
type Known = { draft: JsonShaped<TourLayers> | null; published: JsonShaped<TourLayers> | null };

export type VirtualTourRow = Narrowed<IFindVirtualTourResult, Known>;

/** The parts of the layers an edit may replace on its own, by their key in the stored JSON. */
export type LayerPart = 'menu' | 'welcomeScreen' | 'guidedTour';

const findVirtualTour = sql<Narrow<IFindVirtualTourQuery, Known>>`
  SELECT t.id, t.property_id AS "propertyId", t.draft, t.draft_saved_at AS "draftSavedAt", t.published,
    t.published_at AS "publishedAt"
  FROM virtual_tours t JOIN properties p ON p.id = t.property_id
  WHERE t.provider_id = $providerId! AND t.id = $id! AND p.deleted_at IS NULL`;

const virtualTourByProperty = sql<Narrow<IVirtualTourByPropertyQuery, Known>>`
  SELECT t.id, t.property_id AS "propertyId", t.draft, t.draft_saved_at AS "draftSavedAt", t.published,
    t.published_at AS "publishedAt"
  FROM virtual_tours t WHERE t.property_id = $propertyId!`;

const draftSavedAt = sql<IDraftSavedAtQuery>`
  SELECT t.draft_saved_at AS "draftSavedAt"
  FROM virtual_tours t JOIN properties p ON p.id = t.property_id
  WHERE t.provider_id = $providerId! AND t.property_id = $propertyId! AND p.deleted_at IS NULL`;

const saveDraft = sql<ISaveDraftQuery>`
  UPDATE virtual_tours SET draft = $layers!::jsonb, draft_saved_at = now(), updated_at = now() WHERE id = $id!`;

// What an edit of a part starts from: the draft, else the published layers, else the defaults
// (coalesce(draft, published, $defaults::jsonb)). Each edit is one statement over it, so two edits of different
// parts at once both land.
const saveDraftPart = sql<ISaveDraftPartQuery>`
  UPDATE virtual_tours SET draft = jsonb_set(coalesce(draft, published, $defaults!::jsonb), $path!::text[],
      $value!::jsonb),
    draft_saved_at = now(), updated_at = now()
  WHERE id = $id!`;

const mergeDraftPart = sql<IMergeDraftPartQuery>`
  UPDATE virtual_tours
     SET draft = jsonb_set(coalesce(draft, published, $defaults!::jsonb), $path!::text[],
                           (coalesce(draft, published, $defaults!::jsonb) -> $part!::text) || $given!::jsonb),
         draft_saved_at = now(), updated_at = now()
   WHERE id = $id!`;

const dropDraft = sql<IDropDraftQuery>`
  UPDATE virtual_tours SET draft = NULL, draft_saved_at = NULL, updated_at = now() WHERE id = $id!`;

const publishVirtualTour = sql<IPublishVirtualTourQuery>`
  UPDATE virtual_tours SET published = coalesce(draft, published), published_at = now(), draft = NULL,
    draft_saved_at = NULL, updated_at = now()
  WHERE id = $id!`;

const unpublishVirtualTour = sql<IUnpublishVirtualTourQuery>`
  UPDATE virtual_tours SET draft = coalesce(draft, published), draft_saved_at = CASE WHEN draft IS NULL AND
    published IS NOT NULL THEN now() ELSE draft_saved_at END, published = NULL, published_at = NULL,
    updated_at = now()
  WHERE id = $id!`;

const locationImageFile = sql<ILocationImageFileQuery>`
  SELECT f.storage_key AS "storageKey", f.filename, f.content_type AS "contentType"
    FROM location_images i JOIN files f ON f.id = i.file_id
   WHERE i.id = $id! AND i.provider_id = $providerId!`;

const isLocationImage = sql<IIsLocationImageQuery>`
  SELECT 1 AS "found!" FROM location_images WHERE id = $id! AND provider_id = $providerId!`;

/**
 * The `virtual_tours` table: each property's layers, the draft being edited and the published ones visitors see.
 * Every change is a single statement, so a reader gets the layers before it or after it, never a mix.
 */
@Injectable()
export class VirtualToursRepository {
  /** The provider's virtual tour, while its property is live. */
  find(tx: Queryable, providerId: string, id: string): Promise<VirtualTourRow | undefined> {
    return queryOne(tx, findVirtualTour, { providerId, id });
  }

  byProperty(tx: Queryable, propertyId: string): Promise<VirtualTourRow | undefined> {
    return queryOne(tx, virtualTourByProperty, { propertyId });
  }

  /** When the draft of the provider's live property's tour was last saved: null without a draft, or a tour. */
  async draftSavedAt(tx: Queryable, providerId: string, propertyId: string): Promise<Date | null> {
    return (await queryOne(tx, draftSavedAt, { providerId, propertyId }))?.draftSavedAt ?? null;
  }

  async saveDraft(tx: Queryable, id: string, layers: TourLayers): Promise<void> {
    await queryAffected(tx, saveDraft, { id, layers: JSON.stringify(layers) });
  }

  /** Replaces one part of the draft (started from the published layers or the defaults). */
  async saveDraftPart(tx: Queryable, id: string, part: LayerPart, value: object): Promise<void> {
    await queryAffected(tx, saveDraftPart, {
      defaults: JSON.stringify(defaultTourLayers()),
      id,
      path: [part],
      value: JSON.stringify(value),
    });
  }

  /** Changes some keys of one part of the draft. */
  async mergeDraftPart(tx: Queryable, id: string, part: LayerPart, given: object): Promise<void> {
    await queryAffected(tx, mergeDraftPart, {
      defaults: JSON.stringify(defaultTourLayers()),
      id,
      path: [part],
      given: JSON.stringify(given),
      part,
    });
  }

  async dropDraft(tx: Queryable, id: string): Promise<void> {
    await queryAffected(tx, dropDraft, { id });
  }

  /** The draft (if any) becomes the published layers and the draft is dropped, in one statement. */
  async publish(tx: Queryable, id: string): Promise<void> {
    await queryAffected(tx, publishVirtualTour, { id });
  }

  /** Visitors see the defaults again; the layers stay as the draft. */
  async unpublish(tx: Queryable, id: string): Promise<void> {
    await queryAffected(tx, unpublishVirtualTour, { id });
  }

  /** The stored file of one of the provider's location images (the welcome screen's picture), if it is still there. */
  locationImageFile(
    tx: Queryable,
    providerId: string,
    id: string,
  ): Promise<{ storageKey: string; filename: string; contentType: string | null } | undefined> {
    return queryOne(tx, locationImageFile, { id, providerId });
  }

  /** Whether the id is one of the provider's location images (the welcome screen's picture). */
  async isLocationImage(tx: Queryable, providerId: string, id: string): Promise<boolean> {
    return (await queryOne(tx, isLocationImage, { id, providerId })) !== undefined;
  }
}
