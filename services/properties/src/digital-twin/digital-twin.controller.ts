import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import type { DigitalTwinConfig } from '@tourly/contracts';
import { IdParam, ProviderId, Responds, Roles, Staff, type Page } from '@tourly/platform';
import { PROPERTY_NOT_FOUND } from '../properties/property-scope';
import {
  AdminDigitalTwinResponse,
  AlignmentPointsAnswer,
  CreateDigitalTwin,
  DigitalTwinAnswer,
  DigitalTwinConfigAnswer,
  DigitalTwinsQuery,
  UpdateAlignment,
  UpdateDigitalTwinConfig,
} from './digital-twin.dto';
import { DigitalTwinService } from './digital-twin.service';

/** 002 §7 "Provider: digital twin": a property's exterior model, its config and its alignment to the scan. */
@Controller('provider/properties/:id/digital_twin')
@Roles('admin', 'scan_technician', 'member')
export class DigitalTwinController {
  constructor(private readonly twins: DigitalTwinService) {}

  @Post()
  @Responds(DigitalTwinAnswer)
  async create(
    @ProviderId() providerId: string,
    @Param('id', IdParam(PROPERTY_NOT_FOUND)) propertyId: string,
    @Body() body: CreateDigitalTwin,
  ): Promise<DigitalTwinAnswer> {
    return { digitalTwin: await this.twins.create(providerId, propertyId, body.digitalTwin.assetId) };
  }

  @Get()
  @Responds(DigitalTwinAnswer)
  async get(
    @ProviderId() providerId: string,
    @Param('id', IdParam(PROPERTY_NOT_FOUND)) propertyId: string,
  ): Promise<DigitalTwinAnswer> {
    return { digitalTwin: await this.twins.get(providerId, propertyId) };
  }

  @Delete()
  @HttpCode(204)
  @Responds(null)
  remove(
    @ProviderId() providerId: string,
    @Param('id', IdParam(PROPERTY_NOT_FOUND)) propertyId: string,
  ): Promise<void> {
    return this.twins.remove(providerId, propertyId);
  }

  @Get('config')
  @Responds(DigitalTwinConfigAnswer)
  async config(
    @ProviderId() providerId: string,
    @Param('id', IdParam(PROPERTY_NOT_FOUND)) propertyId: string,
  ): Promise<{ config: DigitalTwinConfig }> {
    return { config: await this.twins.config(providerId, propertyId) };
  }

  @Put('config')
  @Responds(DigitalTwinConfigAnswer)
  async saveConfig(
    @ProviderId() providerId: string,
    @Param('id', IdParam(PROPERTY_NOT_FOUND)) propertyId: string,
    @Body() body: UpdateDigitalTwinConfig,
  ): Promise<{ config: DigitalTwinConfig }> {
    return { config: await this.twins.saveConfig(providerId, propertyId, body.config) };
  }

  @Get('alignment_points')
  @Responds(AlignmentPointsAnswer)
  alignmentPoints(
    @ProviderId() providerId: string,
    @Param('id', IdParam(PROPERTY_NOT_FOUND)) propertyId: string,
  ): Promise<AlignmentPointsAnswer> {
    return this.twins.alignmentPoints(providerId, propertyId);
  }

  @Put('layers/alignment')
  @Responds(AlignmentPointsAnswer)
  align(
    @ProviderId() providerId: string,
    @Param('id', IdParam(PROPERTY_NOT_FOUND)) propertyId: string,
    @Body() body: UpdateAlignment,
  ): Promise<AlignmentPointsAnswer> {
    return this.twins.align(providerId, propertyId, body.alignmentPoints);
  }
}

/** 002 §7 Administrator: every provider's digital twins. */
@Controller('admin/digital_twins.json')
@Staff('platform_admin')
export class DigitalTwinsAdminController {
  constructor(private readonly twins: DigitalTwinService) {}

  @Get()
  @Responds({ page: AdminDigitalTwinResponse })
  list(@Query() query: DigitalTwinsQuery): Promise<Page<AdminDigitalTwinResponse>> {
    return this.twins.everyProvidersTwins(query);
  }
}
