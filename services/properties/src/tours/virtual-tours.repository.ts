import { Injectable } from '@nestjs/common';
import { defaultTourLayers, type TourLayers } from '@tourly/contracts';
import { affected, one, type Queryable } from '@tourly/platform';

export interface VirtualTourRow {
  id: string;
  propertyId: string;
  draft: TourLayers | null;
  draftSavedAt: Date | null;
  published: TourLayers | null;
  publishedAt: Date | null;
}

/** The parts of the layers an edit may replace on its own, by their key in the stored JSON. */
export type LayerPart = 'menu' | 'welcomeScreen' | 'guidedTour';

const COLUMNS = `t.id, t.property_id AS "propertyId", t.draft, t.draft_saved_at AS "draftSavedAt", t.published,
  t.published_at AS "publishedAt"`;

/**
 * What an edit starts from: the draft, else the published layers, else the defaults (`$1`). Each edit is one
 * statement over it, so two edits of different parts at once both land.
 */
const CURRENT = 'coalesce(draft, published, $1::jsonb)';

/**
 * The `virtual_tours` table: each property's layers, the draft being edited and the published ones visitors see.
 * Every change is a single statement, so a reader gets the layers before it or after it, never a mix.
 */
@Injectable()
export class VirtualToursRepository {
  /** The provider's virtual tour, while its property is live. */
  find(tx: Queryable, providerId: string, id: string): Promise<VirtualTourRow | undefined> {
    return one<VirtualTourRow>(
      tx,
      `SELECT ${COLUMNS} FROM virtual_tours t JOIN properties p ON p.id = t.property_id
        WHERE t.provider_id = $1 AND t.id = $2 AND p.deleted_at IS NULL`,
      [providerId, id],
    );
  }

  byProperty(tx: Queryable, propertyId: string): Promise<VirtualTourRow | undefined> {
    return one<VirtualTourRow>(tx, `SELECT ${COLUMNS} FROM virtual_tours t WHERE t.property_id = $1`, [
      propertyId,
    ]);
  }

  async saveDraft(tx: Queryable, id: string, layers: TourLayers): Promise<void> {
    await affected(
      tx,
      'UPDATE virtual_tours SET draft = $2::jsonb, draft_saved_at = now(), updated_at = now() WHERE id = $1',
      [id, JSON.stringify(layers)],
    );
  }

  /** Replaces one part of the draft (started from the published layers or the defaults). */
  async saveDraftPart(tx: Queryable, id: string, part: LayerPart, value: object): Promise<void> {
    await affected(
      tx,
      `UPDATE virtual_tours SET draft = jsonb_set(${CURRENT}, $3::text[], $4::jsonb), draft_saved_at = now(),
         updated_at = now()
        WHERE id = $2`,
      [JSON.stringify(defaultTourLayers()), id, [part], JSON.stringify(value)],
    );
  }

  /** Changes some keys of one part of the draft. */
  async mergeDraftPart(tx: Queryable, id: string, part: LayerPart, given: object): Promise<void> {
    await affected(
      tx,
      `UPDATE virtual_tours
          SET draft = jsonb_set(${CURRENT}, $3::text[], (${CURRENT} -> $5::text) || $4::jsonb),
              draft_saved_at = now(), updated_at = now()
        WHERE id = $2`,
      [JSON.stringify(defaultTourLayers()), id, [part], JSON.stringify(given), part],
    );
  }

  async dropDraft(tx: Queryable, id: string): Promise<void> {
    await affected(
      tx,
      'UPDATE virtual_tours SET draft = NULL, draft_saved_at = NULL, updated_at = now() WHERE id = $1',
      [id],
    );
  }

  /** The draft (if any) becomes the published layers and the draft is dropped, in one statement. */
  async publish(tx: Queryable, id: string): Promise<void> {
    await affected(
      tx,
      `UPDATE virtual_tours SET published = coalesce(draft, published), published_at = now(), draft = NULL,
         draft_saved_at = NULL, updated_at = now()
        WHERE id = $1`,
      [id],
    );
  }

  /** Visitors see the defaults again; the layers stay as the draft. */
  async unpublish(tx: Queryable, id: string): Promise<void> {
    await affected(
      tx,
      `UPDATE virtual_tours SET draft = coalesce(draft, published), draft_saved_at = CASE WHEN draft IS NULL AND
         published IS NOT NULL THEN now() ELSE draft_saved_at END, published = NULL, published_at = NULL,
         updated_at = now()
        WHERE id = $1`,
      [id],
    );
  }

  /** The stored file of one of the provider's location images (the welcome screen's picture), if it is still there. */
  locationImageFile(
    tx: Queryable,
    providerId: string,
    id: string,
  ): Promise<{ storageKey: string; filename: string; contentType: string | null } | undefined> {
    return one(
      tx,
      `SELECT f.storage_key AS "storageKey", f.filename, f.content_type AS "contentType"
         FROM location_images i JOIN files f ON f.id = i.file_id
        WHERE i.id = $1 AND i.provider_id = $2`,
      [id, providerId],
    );
  }

  /** Whether the id is one of the provider's location images (the welcome screen's picture). */
  async isLocationImage(tx: Queryable, providerId: string, id: string): Promise<boolean> {
    return (
      (await one(tx, 'SELECT 1 FROM location_images WHERE id = $1 AND provider_id = $2', [
        id,
        providerId,
      ])) !== undefined
    );
  }
}
