import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ANALYTICS_LIMITS, ANALYTICS_MESSAGES } from '@tourly/contracts';
import { ApiError, BodyLimit, Public, RawResponse, Responds } from '@tourly/platform';
import type { FastifyRequest } from 'fastify';
import { visitorContext } from '../player/player.controller';
import { AnalyticsBatchBody } from './analytics.dto';
import { unknownKeys } from './analytics.rules';
import { AnalyticsService } from './analytics.service';

/**
 * What visitors do in a shared tour, sent by the player in batches (`fetch`, or `sendBeacon` at page hide): public,
 * no session, no CSRF token; 202 with no body.
 */
@Controller('digital_twin')
@Public()
export class AnalyticsVisitorController {
  constructor(private readonly analytics: AnalyticsService) {}

  @Post(':id/analytics.json')
  @HttpCode(202)
  @BodyLimit(ANALYTICS_LIMITS.maxBodyBytes, ANALYTICS_MESSAGES.bodyTooLarge)
  @Responds(null)
  // Accepted, nothing to say: no `{data}` envelope, no body.
  @RawResponse()
  async collect(
    @Param('id') id: string,
    @Body() body: AnalyticsBatchBody,
    @Req() request: FastifyRequest,
  ): Promise<void> {
    // The DTO drops what it does not know; the contract refuses it, on the key's own path.
    ApiError.refuseAny(unknownKeys(request.body));
    await this.analytics.collect(id, body.batch, {
      address: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
      cookieHeader: request.headers.cookie,
      context: visitorContext(request),
      headers: request.headers,
    });
  }
}
