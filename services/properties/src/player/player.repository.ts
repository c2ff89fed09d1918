import { Injectable } from '@nestjs/common';
import { Database, queryOne, queryRows, sql, uuidv7, type Narrow, type Narrowed } from '@tourly/platform';
import type { JsonShaped } from '../json-columns';
import type { StoredPano } from '../segmentation/segmentation.repository';
import type {
  IEnsureSceneQuery,
  IFindSceneQuery,
  IFindSceneResult,
  IProvidersShowingQuery,
  ITourOfPropertyQuery,
  ITourOfPropertyResult,
  IVisitorTourQuery,
  IVisitorTourResult,
} from './player.repository.types';

/**
 * A tour as a visitor reaches it by its player link: whose it is, whether it is shared (`tourPublished`, the published
 * feature `tour`: the plan must publish too), its password, and its lead gate (the sweeps a visitor sees before the
 * contact form asks for their details; null: none), and whether it is premium (its visitors get the space's layers).
 */
export type VisitorTourRow = IVisitorTourResult;

/** A property's tour with its player link's slugs (its public id is made of them). */
export type PropertyTourRow = ITourOfPropertyResult;

/**
 * What the schema keeps to a union with a CHECK, and the segmented panoramas the scene keeps in its jsonb column
 * (`[]` until a segmentation has run; their masks' links are signed when a visitor reads them).
 */
type Known = { status: 'pending' | 'ready'; panos: Array<JsonShaped<StoredPano>> };

export type SegmentationSceneRow = Narrowed<IFindSceneResult, Known>;

const visitorTour = sql<IVisitorTourQuery>`
  SELECT l.property_id AS "propertyId", l.provider_id AS "providerId", p.tour_published AS "tourPublished",
         l.username, l.password_hash AS "passwordHash", p.hosting_paused_at AS "hostingPausedAt",
         l.lead_gate_sweeps AS "leadGateSweeps", p.premium
    FROM player_links l JOIN properties p ON p.id = l.property_id
   WHERE l.client_slug = $clientSlug! AND l.model_slug = $modelSlug! AND p.deleted_at IS NULL`;

const tourOfProperty = sql<ITourOfPropertyQuery>`
  SELECT l.property_id AS "propertyId", l.provider_id AS "providerId", p.tour_published AS "tourPublished",
         l.username, l.password_hash AS "passwordHash", p.hosting_paused_at AS "hostingPausedAt", l.client_slug AS "clientSlug", l.model_slug AS "modelSlug",
         l.lead_gate_sweeps AS "leadGateSweeps", p.premium
    FROM player_links l JOIN properties p ON p.id = l.property_id
   WHERE l.property_id = $propertyId! AND p.deleted_at IS NULL`;

const providersShowing = sql<IProvidersShowingQuery>`
  SELECT DISTINCT p.provider_id AS "providerId"
    FROM properties p LEFT JOIN player_links l ON l.property_id = p.id
   WHERE p.deleted_at IS NULL AND p.tour_published
     AND (p.matterport_key = $matterportKey! OR l.model_source = $matterportKey!)`;

const findScene = sql<Narrow<IFindSceneQuery, Known>>`
  SELECT id, matterport_key AS "matterportKey", mp_model_id AS "mpModelId", status, panos, updated_at AS "updatedAt"
    FROM segmentation_scenes WHERE matterport_key = $matterportKey! AND mp_model_id = $mpModelId!`;

const ensureScene = sql<IEnsureSceneQuery>`
  INSERT INTO segmentation_scenes (id, matterport_key, mp_model_id) VALUES ($id!, $matterportKey!, $mpModelId!)
  ON CONFLICT (matterport_key, mp_model_id) DO NOTHING`;

/**
 * What the visitor's player reads: tours by their link (`player_links`, kept by the tours feature; a deleted
 * property's is none) and the `segmentation_scenes` of shared tours' models.
 */
@Injectable()
export class PlayerRepository {
  constructor(private readonly db: Database) {}

  tour(clientSlug: string, modelSlug: string): Promise<VisitorTourRow | undefined> {
    return queryOne(this.db.dataSource, visitorTour, { clientSlug, modelSlug });
  }

  /** The property's tour by the property (none until its player link is first made). */
  tourOfProperty(propertyId: string): Promise<PropertyTourRow | undefined> {
    return queryOne(this.db.dataSource, tourOfProperty, { propertyId });
  }

  /** The providers whose shared tours show this model (a link's own model source counts too, given as the bare id). */
  async providersShowing(matterportKey: string): Promise<string[]> {
    const found = await queryRows(this.db.dataSource, providersShowing, { matterportKey });
    return found.map((row) => row.providerId);
  }

  scene(matterportKey: string, mpModelId: string): Promise<SegmentationSceneRow | undefined> {
    return queryOne(this.db.dataSource, findScene, { matterportKey, mpModelId });
  }

  /** The scene, made (pending, no panoramas) unless it exists; two first calls at once make one. */
  async ensureScene(matterportKey: string, mpModelId: string): Promise<SegmentationSceneRow> {
    await queryRows(this.db.dataSource, ensureScene, { id: uuidv7(), matterportKey, mpModelId });
    return (await this.scene(matterportKey, mpModelId))!;
  }
}
