import { Controller, Get } from '@nestjs/common';
import { Responds, Roles } from '@tourly/platform';
import { PlanResponse } from './catalogue.dto';
import { CatalogueService } from './catalogue.service';

/** The plan grid (000 §2, §9): every plan with its prices in every currency, straight from the contracts. */
@Controller('provider/billing')
@Roles('admin', 'scan_technician', 'member')
export class CatalogueController {
  constructor(private readonly catalogue: CatalogueService) {}

  @Get('plans')
  @Responds([PlanResponse])
  plans(): PlanResponse[] {
    return this.catalogue.plans();
  }
}
