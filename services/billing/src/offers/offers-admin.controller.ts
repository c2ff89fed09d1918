import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { Caller, Responds, Staff, type Page } from '@tourly/platform';
import { offerId, OfferForm, OfferResponse, OffersQuery } from './offers.dto';
import { OffersService } from './offers.service';

/**
 * The back office's offers, as react-admin's simple REST data provider reads them: the flat record in, the record
 * with its `id` out (create, update and delete alike).
 */
@Controller('admin/offers')
@Staff('platform_admin')
export class OffersAdminController {
  constructor(private readonly offers: OffersService) {}

  @Get()
  @Responds({ page: OfferResponse })
  list(@Query() query: OffersQuery): Promise<Page<OfferResponse>> {
    return this.offers.list(query);
  }

  @Get(':id')
  @Responds(OfferResponse)
  get(@Param('id', offerId) id: string): Promise<OfferResponse> {
    return this.offers.get(id);
  }

  @Post()
  @Responds(OfferResponse)
  create(@Caller() caller: Caller, @Body() form: OfferForm): Promise<OfferResponse> {
    return this.offers.create(caller.userId ?? 'system', form);
  }

  @Put(':id')
  @Responds(OfferResponse)
  update(@Param('id', offerId) id: string, @Body() form: OfferForm): Promise<OfferResponse> {
    return this.offers.update(id, form);
  }

  /** Archives it: no longer listed nor given; what it gave stays. */
  @Delete(':id')
  @Responds(OfferResponse)
  archive(@Param('id', offerId) id: string): Promise<OfferResponse> {
    return this.offers.archive(id);
  }
}
