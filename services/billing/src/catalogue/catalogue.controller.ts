import { Controller, Get } from '@nestjs/common';
import { CURRENCIES, PLANS, PRODUCT_CODES, monthlyEquivalentOfAnnual } from '@tourly/contracts';
import { Roles } from '@tourly/platform';

/** The plan grid (000 §2, §9): every plan with its prices in every currency, straight from the contracts. */
@Controller('provider/billing')
@Roles('admin', 'scan_technician', 'member')
export class CatalogueController {
  @Get('plans')
  plans() {
    return PRODUCT_CODES.map((code) => {
      const plan = PLANS[code];
      return {
        productCode: plan.productCode,
        planTier: plan.planTier,
        name: plan.name,
        description: plan.description,
        prices: Object.fromEntries(
          CURRENCIES.map((currency) => {
            const { monthly, annual } = plan.prices[currency];
            return [currency, { monthly, annual, annualPerMonth: monthlyEquivalentOfAnnual(annual) }];
          }),
        ),
        // Tours the plan includes: premium ones for paid plans (null: unlimited), basic ones (unlimited) for free.
        freeTours: plan.toursType === 'basic' ? null : plan.premiumTourLimit,
        toursType: plan.toursType,
        packageList: plan.packageList,
      };
    });
  }
}
