import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ProviderId, Public, Responds, Roles, type Page } from '@tourly/platform';
import { CreateLead, CreateTourEvent, LeadCreatedResponse, LeadResponse, LeadsQuery } from './leads.dto';
import { LeadsService, type Visitor } from './leads.service';
import { visitorContext } from '../player/player.controller';
import { setLeadPassCookie } from '../player/lead-gate.controller';

/** The visitor a public request is from: its address, its cookies (a tour's unlock) and the host it came to. */
function visitorOf(request: FastifyRequest): Visitor {
  return { address: request.ip, cookieHeader: request.headers.cookie, context: visitorContext(request) };
}

/** A visitor's message from a tour's or a website's contact form (001 §5), and what visitors do in a tour. */
@Controller()
@Public()
export class VisitorLeadsController {
  constructor(private readonly leads: LeadsService) {}

  /** A lead from a tour behind the lead gate opens it: its pass as a cookie, and its temporary link in the answer. */
  @Post('v3_player_lead')
  @Responds(LeadCreatedResponse)
  async create(
    @Body() body: CreateLead,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<LeadCreatedResponse> {
    const { id, pass } = await this.leads.receive(body.lead, visitorOf(request));
    setLeadPassCookie(request, reply, pass);
    return { id, unlockUrl: pass?.link ?? null };
  }

  @Post('digital_twin/:id/events')
  @HttpCode(204)
  @Responds(null)
  async event(
    @Param('id') id: string,
    @Body() body: CreateTourEvent,
    @Req() request: FastifyRequest,
  ): Promise<void> {
    await this.leads.recordTourEvent(id, body, visitorOf(request));
  }
}

/** The leads a property received, for its provider. */
@Controller('provider/properties/:id/leads')
@Roles('admin', 'scan_technician', 'member')
export class LeadsController {
  constructor(private readonly leads: LeadsService) {}

  @Get()
  @Responds({ page: LeadResponse })
  list(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Query() query: LeadsQuery,
  ): Promise<Page<LeadResponse>> {
    return this.leads.list(providerId, id, query);
  }
}
