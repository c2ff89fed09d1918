import { IsBoolean, IsOptional } from 'class-validator';
import { Nested, OptionalOneOf, OptionalString, PageQuery, QueryInt, RequiredString } from '@tourly/platform';

export class NewProperty {
  @RequiredString(200)
  title!: string;

  @RequiredString(500)
  address!: string;

  /** A Matterport model id or link (001 §5). */
  @RequiredString(2000)
  matterportKey!: string;
}

/** `{"create_tour_params": {title, address, matterport_key}}`. */
export class CreateProperty {
  @Nested(() => NewProperty)
  createTourParams!: NewProperty;
}

/** What a property's edit may change; none of it can be cleared. */
export class PropertyChanges {
  @OptionalString(200, { nullable: false })
  title?: string;

  @OptionalString(500, { nullable: false })
  address?: string;

  @OptionalString(2000, { nullable: false })
  matterportKey?: string;
}

export class UpdateProperty {
  @Nested(() => PropertyChanges)
  property!: PropertyChanges;
}

export const PUBLICATION_FILTERS = ['published', 'unpublished'] as const;
export const TOUR_TYPES = ['basic', 'premium'] as const;

export class PropertyFilters {
  @OptionalOneOf(PUBLICATION_FILTERS)
  status?: (typeof PUBLICATION_FILTERS)[number];

  @OptionalOneOf(TOUR_TYPES)
  tourType?: (typeof TOUR_TYPES)[number];
}

export class PropertiesQuery extends PageQuery {
  @OptionalString(200)
  search?: string;

  @Nested(() => PropertyFilters, { optional: true })
  filters?: PropertyFilters;
}

export class PublishedFeaturesForm {
  @IsOptional()
  @IsBoolean({ message: 'must be true or false' })
  tour?: boolean;

  @IsOptional()
  @IsBoolean({ message: 'must be true or false' })
  website?: boolean;

  /** A premium tour (counts against the plan's premium tours) rather than a basic one. */
  @IsOptional()
  @IsBoolean({ message: 'must be true or false' })
  premium?: boolean;
}

/** `{"published_features": {tour, website, premium}, "payment_method_id"?, "set_as_default_payment"?}`. */
export class UpdatePublishedFeatures {
  @Nested(() => PublishedFeaturesForm)
  publishedFeatures!: PublishedFeaturesForm;

  @OptionalString(255)
  paymentMethodId?: string;

  @IsOptional()
  @IsBoolean({ message: 'must be true or false' })
  setAsDefaultPayment?: boolean;
}

/** How a premium tour beyond the quota is paid for (pay-and-publish): the card, and whether it becomes the default. */
export type PaymentChoice = Pick<UpdatePublishedFeatures, 'paymentMethodId' | 'setAsDefaultPayment'>;

export class DeactivationPreviewQuery {
  @QueryInt({ min: 0, max: 100_000, description: 'the premium tour limit of the plan in view' })
  limit!: number;
}
