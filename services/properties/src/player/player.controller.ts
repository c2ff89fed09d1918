import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { HOST_PROVIDER_HEADER } from '@tourly/contracts';
import { Public, Responds, type Page } from '@tourly/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  BillboardAssetResponse,
  BillboardAssetsQuery,
  GuidedTourPageResponse,
  PausedTourResponse,
  PlayerListQuery,
  PlayerQuery,
  PlayerTagResponse,
  PlayerTourResponse,
  UnlockForm,
} from './player.dto';
import { matchesEtag, unlockSetCookie } from './player.rules';
import { PlayerService, type VisitorContext } from './player.service';
import { CustomTagsService } from '../custom-tags/custom-tags.service';
import { PlayerLinksService } from '../tours/player-links.service';
import { PublicRateLimit } from './public-rate-limit.guard';
import { GuidedStopsService } from '../guided-tours/guided-stops.service';

/** The provider whose own host the gateway says the request came to (none: the app's host). */
export function visitorContext(request: FastifyRequest): VisitorContext {
  const given = request.headers[HOST_PROVIDER_HEADER];
  return { hostProviderId: typeof given === 'string' && given !== '' ? given : null };
}

/** Sets the cookie an unlock gave (none: the tour has no password), for the whole site. */
export function setUnlockCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  cookie: { cookieName: string; cookieValue: string } | null,
): void {
  if (cookie) {
    void reply.header(
      'set-cookie',
      unlockSetCookie(cookie.cookieName, cookie.cookieValue, request.protocol === 'https'),
    );
  }
}

/**
 * The visitor's player API (no sign-in): a shared tour by its public id `{client_slug}~{model_slug}`. Tours behind a
 * password answer 401 until the visitor unlocks them.
 */
@Controller('digital_twin')
@Public()
@UseGuards(PublicRateLimit)
export class PlayerController {
  constructor(
    private readonly player: PlayerService,
    private readonly playerLinks: PlayerLinksService,
    private readonly customTags: CustomTagsService,
    private readonly guidedStops: GuidedStopsService,
  ) {}

  /**
   * The player's JSON. Browsers revalidate it at every visit (`max-age=0, must-revalidate`): an unchanged tour is a
   * 304. Shared caches (the gateway) may keep it as long as this service keeps it built (`s-maxage`); a tour behind
   * a password or a lead gate only the browser (`private`, `Vary: Cookie`); a gated tour's answer says `lead_gate:
   * null` to a visitor holding the tour's lead pass.
   */
  @Get(':id/layers/base.json')
  @Responds(PlayerTourResponse)
  async base(
    @Param('id') id: string,
    @Query() query: PlayerQuery,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const built = await this.player.base(id, query.mls === '1', visitorContext(request));
    this.player.mustBeUnlocked(built.tour, request.headers.cookie);
    const answer = this.player.answerFor(built, request.headers.cookie);
    void reply.header('etag', answer.etag).header('cache-control', this.player.cacheControl(built));
    if (this.player.variesByCookie(built)) void reply.header('vary', 'cookie');
    if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.status(304).send();
    return reply.status(200).type('application/json; charset=utf-8').send(answer.body);
  }

  /**
   * A tour paused for an unpaid hosting fee (base.json and the tour's other reads answer 423 `This tour is paused.`):
   * how to reach the provider, for the player's paused page. Any other tour: 404.
   */
  @Get(':id/paused.json')
  @Responds(PausedTourResponse)
  paused(@Param('id') id: string, @Req() request: FastifyRequest): Promise<PausedTourResponse> {
    return this.player.paused(id, visitorContext(request));
  }

  /** The password gate: the player link's username and password give a cookie that unlocks the tour for 12 h. */
  @Post(':id/unlock')
  @HttpCode(204)
  @Responds(null)
  async unlock(
    @Param('id') id: string,
    @Body() form: UnlockForm,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    setUnlockCookie(request, reply, await this.player.unlock(id, visitorContext(request), form, request.ip));
  }

  /**
   * The tour's custom tags as saved (no draft), `search` in labels and descriptions, `filters[media_type]` and
   * `filters[icon]`; an empty page for a basic tour or one whose tag layer is off. Cached as base.json is: shared
   * caches (the gateway) keep it PLAYER_CACHE_SECONDS unless the tour is behind a password.
   */
  @Get(':id/layers/tags.json')
  @Responds({ page: PlayerTagResponse })
  async tags(
    @Param('id') id: string,
    @Query() query: PlayerListQuery,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Page<PlayerTagResponse>> {
    const tour = await this.unlockedTour(id, request);
    const built = { tour, afterLead: null, body: '', etag: '' };
    void reply.header('cache-control', this.player.cacheControl(built));
    if (this.player.variesByCookie(built)) void reply.header('vary', 'cookie');
    return this.customTags.visitorPage(tour.propertyId, query);
  }

  /**
   * The published guided tour layer's settings and a page of its stops (`search` in titles and texts,
   * `filters[narrated]=true|false`); a basic tour's: no stops.
   */
  @Get(':id/layers/guided_tour.json')
  @Responds(GuidedTourPageResponse)
  async guidedTour(
    @Param('id') id: string,
    @Query() query: PlayerListQuery,
    @Req() request: FastifyRequest,
  ): Promise<GuidedTourPageResponse> {
    const tour = await this.unlockedTour(id, request);
    const [view, stops] = await Promise.all([
      this.playerLinks.tourView(tour.providerId, tour.propertyId, 'published'),
      this.guidedStops.forVisitors(tour.propertyId, query),
    ]);
    return { guidedTourLayer: view.layers.guidedTour, ...stops };
  }

  /** `?tour=<public id>`: the pictures of the tour's billboards (its rich_billboard tags with a photo). */
  @Get('tags/billboard_assets')
  @Responds([BillboardAssetResponse])
  async billboardAssets(
    @Query() query: BillboardAssetsQuery,
    @Req() request: FastifyRequest,
  ): Promise<BillboardAssetResponse[]> {
    const tour = await this.unlockedTour(query.tour, request);
    return this.customTags.billboards(tour.propertyId);
  }

  private unlockedTour(id: string, request: FastifyRequest) {
    return this.player.open(id, visitorContext(request), request.headers.cookie);
  }
}
