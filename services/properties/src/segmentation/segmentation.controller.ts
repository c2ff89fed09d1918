import { Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventEnvelope } from '@tourly/contracts';
import {
  EventContext,
  IdParam,
  ProviderId,
  Responds,
  Roles,
  TakesNoBody,
  type EventPatternExtras,
} from '@tourly/platform';
import type { FastifyReply } from 'fastify';
import { PROPERTY_NOT_FOUND } from '../properties/property-scope';
import { SegmentationJobAnswer, SegmentationStatusAnswer } from './segmentation.dto';
import { SEGMENTATION_RETRY, SegmentationJobs } from './segmentation.service';

/**
 * 001 §7 `enqueue_equi_segmentation`: the provider segments every panorama of a property's scan, and follows the
 * job's progress.
 */
@Controller('provider/properties/:id/segmentation')
@Roles('admin', 'scan_technician', 'member')
export class SegmentationJobsController {
  constructor(private readonly jobs: SegmentationJobs) {}

  /** 202 with the job queued; 200 with the job already running (nothing queued twice). */
  @Post('enqueue_equi_segmentation.json')
  @HttpCode(202)
  @TakesNoBody()
  @Responds(SegmentationJobAnswer)
  async enqueue(
    @ProviderId() providerId: string,
    @Param('id', IdParam(PROPERTY_NOT_FOUND)) propertyId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SegmentationJobAnswer> {
    const { job, queued } = await this.jobs.enqueue(providerId, propertyId);
    if (!queued) void reply.status(200);
    return { segmentationJob: job };
  }

  /** Whether segmentation is offered, and the latest job's progress. */
  @Get('status.json')
  @Responds(SegmentationStatusAnswer)
  async status(
    @ProviderId() providerId: string,
    @Param('id', IdParam(PROPERTY_NOT_FOUND)) propertyId: string,
  ): Promise<SegmentationStatusAnswer> {
    return { segmentation: await this.jobs.status(providerId, propertyId) };
  }
}

/**
 * The segmentation worker: every replica of the service takes steps from the jobs' work queue (one durable consumer,
 * so each step goes to one replica), one at a time.
 */
@Controller()
export class SegmentationWorker {
  constructor(private readonly jobs: SegmentationJobs) {}

  @EventPattern('jobs.properties.segment_pano.v1', { retry: SEGMENTATION_RETRY } satisfies EventPatternExtras)
  async onStep(
    @Payload() step: EventEnvelope<'jobs.properties.segment_pano.v1'>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    await this.jobs.segment(context.tx, step.data, context.attempt);
  }
}
