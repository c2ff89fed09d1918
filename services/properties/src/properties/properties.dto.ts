import { HostingStateResponse } from '../hosting/hosting-tours.dto';
import { ApiProperty } from '@nestjs/swagger';
import { OptionalClientId } from '../clients/clients.dto';
import {
  Nested,
  OptionalFlag,
  OptionalOneOf,
  OptionalString,
  PageQuery,
  ProviderIdField,
  QueryInt,
  RequiredString,
} from '@tourly/platform';

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

  /** The client (agency) the property is for; null: none. */
  @OptionalClientId()
  providerClientId?: string | null;
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

  /** One client's properties. */
  @OptionalClientId()
  providerClientId?: string;
}

export class PropertiesQuery extends PageQuery {
  @OptionalString(200)
  search?: string;

  @Nested(() => PropertyFilters, { optional: true })
  filters?: PropertyFilters;
}

/**
 * An administrator's list source (`GET /admin/matterport_models.json`, `/admin/provider_clients.json`): searched,
 * of one provider or of every provider's.
 */
export class ProviderSearchQuery extends PageQuery {
  @OptionalString(200)
  search?: string;

  @ProviderIdField({ optional: true, description: "unset: every provider's" })
  providerId?: string;
}

export class PublishedFeaturesForm {
  @OptionalFlag({ description: 'the tour link is live and shareable' })
  tour?: boolean;

  @OptionalFlag({ description: 'the single-property website is live' })
  website?: boolean;

  /** A premium tour (counts against the plan's premium tours) rather than a basic one. */
  @OptionalFlag({ description: 'a premium tour rather than a basic one' })
  premium?: boolean;
}

/** `{"published_features": {tour, website, premium}, "payment_method_id"?, "set_as_default_payment"?}`. */
export class UpdatePublishedFeatures {
  @Nested(() => PublishedFeaturesForm)
  publishedFeatures!: PublishedFeaturesForm;

  @OptionalString(255)
  paymentMethodId?: string;

  @OptionalFlag()
  setAsDefaultPayment?: boolean;
}

/** How a premium tour beyond the quota is paid for (pay-and-publish): the card, and whether it becomes the default. */
export type PaymentChoice = Pick<UpdatePublishedFeatures, 'paymentMethodId' | 'setAsDefaultPayment'>;

export class DeactivationPreviewQuery {
  @QueryInt({ min: 0, max: 100_000, description: 'the premium tour limit of the plan in view' })
  limit!: number;
}

// Answers.

export class GeocodedAddressResponse {
  @ApiProperty({ type: String, nullable: true })
  formattedAddress!: string | null;

  @ApiProperty({ type: String, nullable: true })
  streetAddress!: string | null;

  @ApiProperty({ type: String, nullable: true })
  suburb!: string | null;

  @ApiProperty({ type: String, nullable: true })
  state!: string | null;

  @ApiProperty({ type: String, nullable: true })
  postcode!: string | null;

  @ApiProperty({ type: String, nullable: true })
  country!: string | null;

  @ApiProperty({ type: String, nullable: true })
  countryShortName!: string | null;

  @ApiProperty()
  latitude!: number;

  @ApiProperty()
  longitude!: number;
}

export class PublishedFeaturesResponse {
  @ApiProperty()
  tour!: boolean;

  @ApiProperty()
  website!: boolean;

  @ApiProperty({
    description: "a premium tour (counts against the plan's premium tours) rather than a basic one",
  })
  premium!: boolean;
}

/** A property (001 §3). */
export class PropertyResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  slug!: string;

  @ApiProperty()
  title!: string;

  @ApiProperty()
  address!: string;

  @ApiProperty({ type: () => GeocodedAddressResponse })
  geocodedAddress!: GeocodedAddressResponse;

  @ApiProperty({ description: 'the Matterport model id' })
  matterportKey!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: "the link's start position (ss, sr), if it had one",
  })
  startPosition!: string | null;

  @ApiProperty({ type: () => PublishedFeaturesResponse })
  publishedFeatures!: PublishedFeaturesResponse;

  @ApiProperty({ enum: TOUR_TYPES })
  tourType!: (typeof TOUR_TYPES)[number];

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'the billing subscription paying for this premium tour on its own (outside the quota)',
  })
  immexSubscriptionId!: string | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'the client it is for' })
  providerClientId!: string | null;

  @ApiProperty({
    type: () => HostingStateResponse,
    description:
      'the autopilot: paused for visitors while a hosting-fee invoice of it is overdue, unless exempt',
  })
  hosting!: HostingStateResponse;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  publishedAt!: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}

/** A pay-and-publish payment as the person sees it. */
export class PaymentResponse {
  @ApiProperty({ enum: ['success', 'requires_action'] })
  result!: 'success' | 'requires_action';

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'with requires_action: the Stripe.js client secret',
  })
  clientSecret!: string | null;

  @ApiProperty()
  extensionId!: string;
}

/** A property after a publishing change, with the payment it took (pay-and-publish), if any. */
export class PublishedPropertyResponse extends PropertyResponse {
  @ApiProperty({ type: () => PaymentResponse, nullable: true })
  payment!: PaymentResponse | null;
}

/** What paying for one premium tour on its own costs. */
export class PriceResponse {
  @ApiProperty()
  amountInCents!: number;

  @ApiProperty({ description: 'lowercase currency code' })
  currency!: string;

  @ApiProperty()
  interval!: string;
}

/** What publishing these features would do, without doing it. */
export class PublishPreviewResponse {
  @ApiProperty()
  allowed!: boolean;

  @ApiProperty({ type: String, nullable: true })
  reason!: string | null;

  @ApiProperty()
  productCode!: string;

  @ApiProperty()
  premiumToursUsed!: number;

  @ApiProperty({ type: Number, nullable: true, description: 'null: unlimited' })
  premiumTourLimit!: number | null;

  @ApiProperty({ type: () => PublishedFeaturesResponse })
  publishedFeatures!: PublishedFeaturesResponse;

  @ApiProperty({
    description: 'only the full premium-tour quota stands in the way: the tour can be paid on its own',
  })
  paymentRequired!: boolean;

  @ApiProperty({ type: () => PriceResponse, nullable: true })
  price!: PriceResponse | null;
}

export class DeletedPropertyResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;
}

export class HeroImageResponse {
  @ApiProperty({ type: String, nullable: true })
  url!: string | null;

  @ApiProperty({ type: String, nullable: true })
  thumbnailUrl!: string | null;

  @ApiProperty({ enum: ['photo', 'matterport'], nullable: true })
  source!: 'photo' | 'matterport' | null;
}

/** A model of the provider's Matterport account. */
export class MatterportSpaceResponse {
  @ApiProperty()
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty()
  state!: string;

  @ApiProperty({ type: String, nullable: true })
  created!: string | null;

  @ApiProperty({ type: String, nullable: true })
  thumbnailUrl!: string | null;

  @ApiProperty({ type: String, nullable: true })
  address!: string | null;
}

export class TourToDeactivateResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  title!: string;

  @ApiProperty({ format: 'date-time' })
  premiumSince!: string;
}

/** Which tours a premium-tour limit would turn basic, oldest first. */
export class DeactivationPreviewResponse {
  @ApiProperty()
  limit!: number;

  @ApiProperty({ type: [TourToDeactivateResponse] })
  tours!: TourToDeactivateResponse[];
}

/** A scan model (001 §3) for the back office's pickers: a Matterport model live properties show. */
export class MatterportModelResponse {
  @ApiProperty({ description: 'the Matterport model id' })
  id!: string;

  @ApiProperty({ description: 'the title of the first property made of the model' })
  name!: string;

  @ApiProperty({
    description: "what a picker shows: 'Harbour Loft (SxQL3iGyoDo)', 'Harbour Loft and 2 more (...)'",
  })
  displayName!: string;

  @ApiProperty({ description: 'the Matterport model id (the same as id)' })
  matterportKey!: string;

  @ApiProperty({ description: 'how many live properties show the model' })
  propertyCount!: number;
}
