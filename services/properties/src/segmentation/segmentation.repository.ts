import { Injectable } from '@nestjs/common';
import type { SegmentationJobStatus, SegmentationStepStatus } from '@tourly/contracts';
import { queryOne, queryRows, sql, type Narrow, type Narrowed, type Queryable } from '@tourly/platform';
import type { Segment } from './segmentation-engine';
import type {
  IAddStepsQuery,
  ICountStepQuery,
  IFinishJobQuery,
  IInsertJobQuery,
  ILatestJobQuery,
  ILatestJobResult,
  ILockStepQuery,
  IModelOfQuery,
  IPublishSceneQuery,
  ISceneForQuery,
  ISettleStepQuery,
  IStepFailuresQuery,
} from './segmentation.repository.types';

/** A segmented panorama as the scene keeps it: the visitors' answer signs the mask's link when read. */
export interface StoredPano {
  id: string;
  room: string | null;
  maskKey: string;
  width: number;
  height: number;
  segments: Segment[];
  emptyRoom: boolean;
}

type KnownJob = { status: SegmentationJobStatus };
export type SegmentationJobRow = Narrowed<ILatestJobResult, KnownJob>;

const modelOf = sql<IModelOfQuery>`
  SELECT matterport_key AS "matterportKey" FROM properties WHERE id = $propertyId!`;

const sceneFor = sql<ISceneForQuery>`
  INSERT INTO segmentation_scenes (id, matterport_key, mp_model_id) VALUES ($id!, $matterportKey!, $mpModelId!)
  ON CONFLICT (matterport_key, mp_model_id) DO UPDATE SET updated_at = segmentation_scenes.updated_at
  RETURNING id`;

const insertJob = sql<IInsertJobQuery>`
  INSERT INTO segmentation_jobs (id, provider_id, property_id, scene_id, total)
  VALUES ($id!, $providerId!, $propertyId!, $sceneId!, $total!)
  ON CONFLICT (property_id) WHERE status = 'running' DO NOTHING RETURNING id`;

const addSteps = sql<IAddStepsQuery>`
  INSERT INTO segmentation_steps (job_id, pano_id, position, room, image_url)
  SELECT $jobId!, step.pano_id, step.position, nullif(step.room, ''), step.image_url
    FROM unnest($panoIds!::text[], $rooms!::text[], $imageUrls!::text[]) WITH ORDINALITY
         AS step (pano_id, room, image_url, position)`;

const latestJob = sql<Narrow<ILatestJobQuery, KnownJob>>`
  SELECT id, scene_id AS "sceneId", status, total, segmented, failed, created_at AS "createdAt",
         updated_at AS "updatedAt", finished_at AS "finishedAt"
    FROM segmentation_jobs WHERE property_id = $propertyId!
   ORDER BY created_at DESC, id DESC LIMIT 1`;

const stepFailures = sql<IStepFailuresQuery>`
  SELECT pano_id AS "panoId", room, error AS "error!" FROM segmentation_steps
   WHERE job_id = $jobId! AND status = 'failed' ORDER BY position LIMIT $limit!`;

const lockStep = sql<Narrow<ILockStepQuery, { status: SegmentationStepStatus }>>`
  SELECT status, image_url AS "imageUrl", room FROM segmentation_steps
   WHERE job_id = $jobId! AND pano_id = $panoId! FOR UPDATE`;

const settleStep = sql<ISettleStepQuery>`
  UPDATE segmentation_steps
     SET status = $status!, result = $result::jsonb, error = $error, attempts = $attempts!, finished_at = now()
   WHERE job_id = $jobId! AND pano_id = $panoId! AND status = 'queued' RETURNING pano_id`;

// The job's row is the lock that orders two replicas settling its last steps: the one that counts the last sees it.
const countStep = sql<ICountStepQuery>`
  UPDATE segmentation_jobs
     SET segmented = segmented + $segmented!, failed = failed + $failed!, updated_at = now()
   WHERE id = $jobId! RETURNING provider_id AS "providerId", property_id AS "propertyId", scene_id AS "sceneId",
         total, segmented, failed`;

const finishJob = sql<IFinishJobQuery>`
  UPDATE segmentation_jobs SET status = $status!, finished_at = now(), updated_at = now()
   WHERE id = $jobId! AND status = 'running' RETURNING finished_at AS "finishedAt"`;

// The scene visitors read: the job's segmented panoramas in the scan's order. A job that segmented none leaves the
// scene as it was (an earlier job's panoramas stay shown).
const publishScene = sql<IPublishSceneQuery>`
  UPDATE segmentation_scenes s
     SET status = CASE WHEN done.panos IS NULL THEN s.status ELSE 'ready' END,
         panos = coalesce(done.panos, s.panos), updated_at = now()
    FROM (SELECT jsonb_agg(st.result || jsonb_build_object('id', st.pano_id, 'room', st.room) ORDER BY st.position)
                   AS panos,
                 coalesce(array_agg(st.pano_id ORDER BY st.position)
                            FILTER (WHERE (st.result->>'emptyRoom')::boolean), '{}') AS empty
            FROM segmentation_steps st WHERE st.job_id = $jobId! AND st.status = 'done') done
   WHERE s.id = $sceneId!
   RETURNING s.matterport_key AS "matterportKey", done.empty AS "emptyRoomPanoIds!"`;

/** `segmentation_jobs` and their `segmentation_steps`, and the scene a job fills. The caller has scoped the property. */
@Injectable()
export class SegmentationRepository {
  async modelOf(db: Queryable, propertyId: string): Promise<string> {
    return (await queryOne(db, modelOf, { propertyId }))!.matterportKey;
  }

  /** The scene of a model, made unless it exists. */
  async sceneFor(tx: Queryable, id: string, matterportKey: string): Promise<string> {
    return (await queryOne(tx, sceneFor, { id, matterportKey, mpModelId: matterportKey }))!.id;
  }

  /** The new job's id, or undefined when one of the property runs already. */
  async insertJob(
    tx: Queryable,
    job: { id: string; providerId: string; propertyId: string; sceneId: string; total: number },
  ): Promise<string | undefined> {
    return (await queryOne(tx, insertJob, job))?.id;
  }

  async addSteps(
    tx: Queryable,
    jobId: string,
    panoramas: Array<{ id: string; room: string | null; url: string }>,
  ): Promise<void> {
    await queryRows(tx, addSteps, {
      jobId,
      panoIds: panoramas.map((pano) => pano.id),
      rooms: panoramas.map((pano) => pano.room ?? ''),
      imageUrls: panoramas.map((pano) => pano.url),
    });
  }

  latestJob(db: Queryable, propertyId: string): Promise<SegmentationJobRow | undefined> {
    return queryOne(db, latestJob, { propertyId });
  }

  failures(db: Queryable, jobId: string, limit: number) {
    return queryRows(db, stepFailures, { jobId, limit });
  }

  lockStep(tx: Queryable, jobId: string, panoId: string) {
    return queryOne(tx, lockStep, { jobId, panoId });
  }

  /** Whether the step was still queued (a settled one is never settled again). */
  async settleStep(
    tx: Queryable,
    step: { jobId: string; panoId: string; attempts: number } & (
      | { status: 'done'; result: Omit<StoredPano, 'id' | 'room'> }
      | { status: 'failed'; error: string }
    ),
  ): Promise<boolean> {
    const settled = await queryRows(tx, settleStep, {
      jobId: step.jobId,
      panoId: step.panoId,
      attempts: step.attempts,
      status: step.status,
      result: step.status === 'done' ? JSON.stringify(step.result) : null,
      error: step.status === 'failed' ? step.error : null,
    });
    return settled.length > 0;
  }

  async countStep(tx: Queryable, jobId: string, outcome: 'done' | 'failed') {
    return (await queryOne(tx, countStep, {
      jobId,
      segmented: outcome === 'done' ? 1 : 0,
      failed: outcome === 'failed' ? 1 : 0,
    }))!;
  }

  async finishJob(tx: Queryable, jobId: string, status: 'done' | 'failed'): Promise<Date> {
    return (await queryOne(tx, finishJob, { jobId, status }))!.finishedAt!;
  }

  async publishScene(tx: Queryable, sceneId: string, jobId: string) {
    return (await queryOne(tx, publishScene, { sceneId, jobId }))!;
  }
}
