import { Injectable } from '@nestjs/common';
import { Database, one, rows, uuidv7 } from '@tourly/platform';

/** A tour as a visitor reaches it by its player link: whose it is, whether it is shared, and its password. */
export interface VisitorTourRow {
  propertyId: string;
  providerId: string;
  /** The published feature `tour` (the plan must publish too). */
  tourPublished: boolean;
  username: string | null;
  passwordHash: string | null;
}

/** A property's tour with its player link's slugs (its public id is made of them). */
export interface PropertyTourRow extends VisitorTourRow {
  clientSlug: string;
  modelSlug: string;
}

export interface SegmentationSceneRow {
  id: string;
  matterportKey: string;
  mpModelId: string;
  status: 'pending' | 'ready';
  panos: unknown[];
  updatedAt: Date;
}

const VISITOR_TOUR_COLUMNS = `l.property_id AS "propertyId", l.provider_id AS "providerId",
  p.tour_published AS "tourPublished", l.username, l.password_hash AS "passwordHash"`;

const SCENE_COLUMNS = `id, matterport_key AS "matterportKey", mp_model_id AS "mpModelId", status, panos,
  updated_at AS "updatedAt"`;

/**
 * What the visitor's player reads: tours by their link (`player_links`, kept by the tours feature; a deleted
 * property's is none) and the `segmentation_scenes` of shared tours' models.
 */
@Injectable()
export class PlayerRepository {
  constructor(private readonly db: Database) {}

  tour(clientSlug: string, modelSlug: string): Promise<VisitorTourRow | undefined> {
    return one<VisitorTourRow>(
      this.db.dataSource,
      `SELECT ${VISITOR_TOUR_COLUMNS}
         FROM player_links l JOIN properties p ON p.id = l.property_id
        WHERE l.client_slug = $1 AND l.model_slug = $2 AND p.deleted_at IS NULL`,
      [clientSlug, modelSlug],
    );
  }

  /** The property's tour by the property (none until its player link is first made). */
  tourOfProperty(propertyId: string): Promise<PropertyTourRow | undefined> {
    return one<PropertyTourRow>(
      this.db.dataSource,
      `SELECT ${VISITOR_TOUR_COLUMNS}, l.client_slug AS "clientSlug", l.model_slug AS "modelSlug"
         FROM player_links l JOIN properties p ON p.id = l.property_id
        WHERE l.property_id = $1 AND p.deleted_at IS NULL`,
      [propertyId],
    );
  }

  /** The providers whose shared tours show this model (a link's own model source counts too, given as the bare id). */
  async providersShowing(matterportKey: string): Promise<string[]> {
    const found = await rows<{ providerId: string }>(
      this.db.dataSource,
      `SELECT DISTINCT p.provider_id AS "providerId"
         FROM properties p LEFT JOIN player_links l ON l.property_id = p.id
        WHERE p.deleted_at IS NULL AND p.tour_published
          AND (p.matterport_key = $1 OR l.model_source = $1)`,
      [matterportKey],
    );
    return found.map((row) => row.providerId);
  }

  scene(matterportKey: string, mpModelId: string): Promise<SegmentationSceneRow | undefined> {
    return one<SegmentationSceneRow>(
      this.db.dataSource,
      `SELECT ${SCENE_COLUMNS} FROM segmentation_scenes WHERE matterport_key = $1 AND mp_model_id = $2`,
      [matterportKey, mpModelId],
    );
  }

  /** The scene, made (pending, no panoramas) unless it exists; two first calls at once make one. */
  async ensureScene(matterportKey: string, mpModelId: string): Promise<SegmentationSceneRow> {
    await rows(
      this.db.dataSource,
      `INSERT INTO segmentation_scenes (id, matterport_key, mp_model_id) VALUES ($1, $2, $3)
       ON CONFLICT (matterport_key, mp_model_id) DO NOTHING`,
      [uuidv7(), matterportKey, mpModelId],
    );
    return (await this.scene(matterportKey, mpModelId))!;
  }
}
