/** Service plans and prices: spec 000 §9. Amounts are integer cents, monthly / annual. */
export const CURRENCIES = ['aud', 'cad', 'eur', 'gbp', 'nzd', 'usd'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'usd';

export const PRODUCT_CODES = [
  'free_tier_plan',
  'starter_plan',
  'vt_creator_plan',
  'experience_creator_plan',
] as const;
export type ProductCode = (typeof PRODUCT_CODES)[number];

export const INTERVALS = ['month', 'year'] as const;
export type Interval = (typeof INTERVALS)[number];

export interface PlanPrice {
  monthly: number;
  annual: number;
}

export interface Plan {
  productCode: ProductCode;
  planTier: 0 | 1 | 2 | 3;
  name: string;
  /** One line under the name on the plan grid. */
  description: string;
  /**
   * What the plan includes, as the grid lists it: only what the platform does today (a plan card never
   * advertises what is not there yet: no floorplan orders, credits, webhooks, Matterport connection or bookings).
   */
  packageList: string[];
  /** null: unlimited. */
  premiumTourLimit: number | null;
  toursType: 'basic' | 'premium';
  prices: Record<Currency, PlanPrice>;
}

const price = (monthly: number): PlanPrice => ({ monthly, annual: monthly * 10 });

export const PLANS: Record<ProductCode, Plan> = {
  free_tier_plan: {
    productCode: 'free_tier_plan',
    planTier: 0,
    name: 'Free',
    description: 'Build and preview tours before you sell them.',
    packageList: [
      'Unlimited properties with photos, videos, floorplans and documents',
      'Unlimited basic tours',
      'Single-property websites to build and preview',
    ],
    premiumTourLimit: 0,
    toursType: 'basic',
    prices: { usd: price(0), aud: price(0), cad: price(0), eur: price(0), gbp: price(0), nzd: price(0) },
  },
  starter_plan: {
    productCode: 'starter_plan',
    planTier: 1,
    name: 'Starter',
    description: 'Publish and share premium tours.',
    packageList: [
      '20 premium tours',
      'Premium tours play custom tags, wayfinding, welcome screens, a guided tour and sound in the 3D space',
      'Everything in Free',
      'Publish and share single-property websites',
      'More premium tours, paid one by one as you publish them',
    ],
    premiumTourLimit: 20,
    toursType: 'premium',
    prices: {
      usd: price(1995),
      aud: price(2995),
      cad: price(2695),
      eur: price(1795),
      gbp: price(1595),
      nzd: price(3095),
    },
  },
  vt_creator_plan: {
    productCode: 'vt_creator_plan',
    planTier: 2,
    name: 'Creator',
    description: 'For busy providers who brand every tour as their own.',
    packageList: [
      '100 premium tours',
      'Everything in Starter',
      'White-label domains',
      'Virtual staging: furnish scanned rooms with 3D furniture from the library, your uploads or Sketchfab',
    ],
    premiumTourLimit: 100,
    toursType: 'premium',
    prices: {
      usd: price(4595),
      aud: price(6995),
      cad: price(5995),
      eur: price(4195),
      gbp: price(3695),
      nzd: price(7195),
    },
  },
  experience_creator_plan: {
    productCode: 'experience_creator_plan',
    planTier: 3,
    name: 'Pro',
    description: 'Unlimited premium tours and a dedicated account manager.',
    // The free trial is offered by the grid while the provider has not used it (`trial_available`).
    packageList: [
      'Unlimited premium tours',
      'Everything in Creator, virtual staging included',
      'A dedicated account manager',
    ],
    premiumTourLimit: null,
    toursType: 'premium',
    prices: {
      usd: price(9995),
      aud: price(14995),
      cad: price(12995),
      eur: price(8995),
      gbp: price(7995),
      nzd: price(15495),
    },
  },
};

/** The displayed monthly equivalent of an annual price: annual / 12, rounded. */
export const monthlyEquivalentOfAnnual = (annualCents: number): number => Math.round(annualCents / 12);

export const ANNUAL_DISCOUNT_BADGE = 'Save 17%';
