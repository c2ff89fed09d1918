import { Body, Controller, Get, HttpCode, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { Public, Responds, TakesNoBody } from '@tourly/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CreateScene, SceneKeys, SegmentationSceneResponse, SegmentedPanosResponse } from './player.dto';
import { PublicRateLimit } from './public-rate-limit.guard';
import { SegmentationService } from './segmentation.service';

/** The visitor's consent to the cookie policy, kept a year. */
const CONSENT_COOKIE = 'cookie_policy_accepted';
const CONSENT_SECONDS = 365 * 24 * 60 * 60;

/** The cookie banner's answer: the visitor's consent, recorded in their browser (nothing is stored here). */
@Controller('cookie_policy')
@Public()
@UseGuards(PublicRateLimit)
export class CookiePolicyController {
  @Post('accept.json')
  @HttpCode(204)
  @TakesNoBody()
  @Responds(null)
  accept(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): void {
    const attributes = [
      `${CONSENT_COOKIE}=${new Date().toISOString().slice(0, 10)}`,
      'Path=/',
      `Max-Age=${CONSENT_SECONDS}`,
      'SameSite=Lax',
      ...(request.protocol === 'https' ? ['Secure'] : []),
    ];
    void reply.header('set-cookie', attributes.join('; '));
  }
}

/**
 * A shared tour's model's segmentation (the rooms and objects of its panoramas): the scene, by the model's
 * Matterport key and Matterport model id, and its segmented panoramas (none until a segmentation has run).
 */
@Controller('segmentation')
@Public()
@UseGuards(PublicRateLimit)
export class SegmentationController {
  constructor(private readonly segmentation: SegmentationService) {}

  @Get('scene.json')
  @Responds(SegmentationSceneResponse)
  scene(@Query() keys: SceneKeys): Promise<SegmentationSceneResponse> {
    return this.segmentation.scene(keys);
  }

  /** Makes the scene (pending, no panoramas) unless it exists; the same answer either way. */
  @Post('scene.json')
  @HttpCode(200)
  @Responds(SegmentationSceneResponse)
  ensureScene(@Body() body: CreateScene): Promise<SegmentationSceneResponse> {
    return this.segmentation.ensureScene(body.scene);
  }

  @Get('segmented_panos.json')
  @Responds(SegmentedPanosResponse)
  async segmentedPanos(@Query() keys: SceneKeys): Promise<SegmentedPanosResponse> {
    return { panos: await this.segmentation.panos(keys) };
  }
}
