import { Inject, Injectable } from '@nestjs/common';
import {
  MATTERPORT_MESSAGES,
  SEGMENTATION_MAX_PANORAMAS,
  SEGMENTATION_MESSAGES,
  type SegmentPanoV1,
} from '@tourly/contracts';
import {
  ApiError,
  Database,
  EventBus,
  uuidv7,
  type DeliveryAttempt,
  type Queryable,
  type RetryPolicy,
} from '@tourly/platform';
import { Storage } from '@tourly/platform/storage';
import type { EntityManager } from 'typeorm';
import { Matterport } from '../matterport/matterport';
import {
  MATTERPORT_MODEL_NOT_FOUND,
  MATTERPORT_NOT_CONNECTED,
} from '../matterport/matterport-models.service';
import { PropertyScope } from '../properties/property-scope';
import { parseScanKey } from '../scan-keys/scan-key';
import { SegmentationEngine, SegmentationRefused } from './segmentation-engine';
import type { SegmentationJobResponse, SegmentationStatusResponse } from './segmentation.dto';
import { SegmentationRepository, type SegmentationJobRow, type StoredPano } from './segmentation.repository';

export const SEGMENTATION_UNAVAILABLE = 'Segmentation is not available on this platform.';

/**
 * A panorama's tries: the engine's outages are short (a deploy, a busy minute), and a provider watches the progress,
 * so a step is given up after five tries over about two minutes rather than the hour an event is given.
 */
export const SEGMENTATION_RETRY: RetryPolicy = {
  maxAttempts: 5,
  backoffMs: [2_000, 10_000, 30_000, 60_000],
  // The engine's own timeout (60 s) and the mask's upload fit well inside it.
  ackWaitMs: 120_000,
};

/** The failed panoramas a job's answer lists (the counts say how many in all). */
const FAILURES_LISTED = 50;

/**
 * Segmentation jobs (issue 37): every panorama of a property's scan sent to the segmentation engine, each a step
 * on the jobs' work queue that a worker (any replica of this service) settles once; the job's row counts them, and
 * the last one settled fills the scene visitors read and announces `segmentation.completed`.
 */
@Injectable()
export class SegmentationJobs {
  constructor(
    private readonly db: Database,
    private readonly scope: PropertyScope,
    private readonly jobs: SegmentationRepository,
    private readonly engine: SegmentationEngine,
    private readonly matterport: Matterport,
    private readonly storage: Storage,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  async status(providerId: string, propertyId: string): Promise<SegmentationStatusResponse> {
    const property = await this.scope.of(this.db.dataSource, providerId, propertyId);
    const job = await this.jobs.latestJob(this.db.dataSource, property.id);
    return { available: this.engine.available, job: job ? await this.view(this.db.dataSource, job) : null };
  }

  /**
   * Queues a step for every panorama of the property's scan, unless a job of the property runs already: then that
   * one is answered (`queued` false) and nothing is queued twice.
   */
  async enqueue(
    providerId: string,
    propertyId: string,
  ): Promise<{ job: SegmentationJobResponse; queued: boolean }> {
    const property = await this.scope.of(this.db.dataSource, providerId, propertyId);
    const running = await this.jobs.latestJob(this.db.dataSource, property.id);
    if (running?.status === 'running')
      return { job: await this.view(this.db.dataSource, running), queued: false };
    if (!this.engine.available) throw ApiError.conflict(SEGMENTATION_UNAVAILABLE);
    const matterportKey = await this.jobs.modelOf(this.db.dataSource, property.id);
    const modelId = parseScanKey(matterportKey)?.modelId ?? matterportKey;
    const { connection, panoramas } = await this.matterport.panoramas(providerId, modelId);
    if (!panoramas) {
      if (connection === 'not_connected') throw ApiError.conflict(MATTERPORT_NOT_CONNECTED);
      if (connection === 'broken') throw ApiError.conflict(MATTERPORT_MESSAGES.refreshRefused);
      throw ApiError.conflict(MATTERPORT_MODEL_NOT_FOUND);
    }
    if (panoramas.length === 0) throw ApiError.conflict(SEGMENTATION_MESSAGES.noPanoramas);
    if (panoramas.length > SEGMENTATION_MAX_PANORAMAS) {
      throw ApiError.conflict(SEGMENTATION_MESSAGES.tooManyPanoramas);
    }
    return this.db.transaction(async (tx) => {
      // The property's row orders two enqueues at once: the second finds the first's job running.
      await this.scope.of(tx, providerId, property.id, true);
      const sceneId = await this.jobs.sceneFor(tx, uuidv7(), modelId);
      const jobId = await this.jobs.insertJob(tx, {
        id: uuidv7(),
        providerId,
        propertyId: property.id,
        sceneId,
        total: panoramas.length,
      });
      if (!jobId) {
        const other = (await this.jobs.latestJob(tx, property.id))!;
        return { job: await this.view(tx, other), queued: false };
      }
      await this.jobs.addSteps(tx, jobId, panoramas);
      for (const pano of panoramas) {
        const step: SegmentPanoV1 = { providerId, propertyId: property.id, jobId, panoId: pano.id };
        await this.events.publish('jobs.properties.segment_pano.v1', step, tx);
      }
      return { job: await this.view(tx, (await this.jobs.latestJob(tx, property.id))!), queued: true };
    });
  }

  /**
   * The worker's step, in the transaction that also marks it handled (so a redelivered step changes nothing): the
   * panorama segmented and its mask stored, or its failure recorded when the engine refuses it for good or on its
   * last try; an outage before the last try throws, and the step is tried again after its back-off.
   */
  async segment(tx: EntityManager, step: SegmentPanoV1, attempt: DeliveryAttempt): Promise<void> {
    const row = await this.jobs.lockStep(tx, step.jobId, step.panoId);
    if (row?.status !== 'queued') return;
    let outcome:
      { status: 'done'; result: Omit<StoredPano, 'id' | 'room'> } | { status: 'failed'; error: string };
    try {
      const found = await this.engine.segment(row.imageUrl);
      const maskKey = `segmentation/${step.jobId}/${step.panoId}.png`;
      await this.storage.put(maskKey, found.mask.png, 'image/png');
      outcome = {
        status: 'done',
        result: {
          maskKey,
          width: found.width,
          height: found.height,
          segments: found.segments,
          emptyRoom: found.emptyRoom,
        },
      };
    } catch (error) {
      const refused = error instanceof SegmentationRefused;
      if (!refused && !attempt.last) throw error;
      const reason = (error as Error).message;
      outcome = {
        status: 'failed',
        error: refused ? reason : `${reason} (gave up after ${attempt.number} tries: segment again later)`,
      };
    }
    await this.jobs.settleStep(tx, {
      jobId: step.jobId,
      panoId: step.panoId,
      attempts: attempt.number,
      ...outcome,
    });
    const job = await this.jobs.countStep(tx, step.jobId, outcome.status);
    if (job.segmented + job.failed < job.total) return;
    const status = job.failed > 0 ? 'failed' : 'done';
    const finishedAt = await this.jobs.finishJob(tx, step.jobId, status);
    const scene = await this.jobs.publishScene(tx, job.sceneId, step.jobId);
    await this.events.publish(
      'properties.segmentation.completed.v1',
      {
        providerId: job.providerId,
        propertyId: job.propertyId,
        jobId: step.jobId,
        sceneId: job.sceneId,
        matterportKey: scene.matterportKey,
        status,
        panoramas: job.total,
        segmented: job.segmented,
        failed: job.failed,
        emptyRoomPanoIds: scene.emptyRoomPanoIds,
        completedAt: finishedAt.toISOString(),
      },
      tx,
    );
  }

  private async view(db: Queryable, job: SegmentationJobRow): Promise<SegmentationJobResponse> {
    const failures = job.failed > 0 ? await this.jobs.failures(db, job.id, FAILURES_LISTED) : [];
    return {
      id: job.id,
      status: job.status,
      total: job.total,
      segmented: job.segmented,
      failed: job.failed,
      failures,
      createdAt: job.createdAt.toISOString(),
      finishedAt: job.finishedAt?.toISOString() ?? null,
    };
  }
}
