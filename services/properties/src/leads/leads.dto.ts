import { ApiProperty } from '@nestjs/swagger';
import {
  Nested,
  OptionalString,
  PageQuery,
  RequiredEmail,
  RequiredOneOf,
  RequiredString,
} from '@tourly/platform';
import { TOUR_EVENT_TYPES, type LeadSource, type TourEventType } from './leads.rules';

// `POST /v3_player_lead`: the contact form of a tour or a website (001 §5 "Contact form").

export class LeadForm {
  @RequiredString(100)
  firstName!: string;

  @RequiredString(100)
  lastName!: string;

  @RequiredEmail()
  email!: string;

  @RequiredString(40)
  phoneNumber!: string;

  @RequiredString(5000)
  message!: string;

  /** The tour's public id, `{client_slug}~{model_slug}` (a tour's form). */
  @OptionalString(300)
  tourId?: string | null;

  /** The property whose website the form is on (a website's form). */
  @OptionalString(100)
  propertyId?: string | null;

  /** A field people never see: only robots fill it in. */
  @OptionalString(300)
  company?: string | null;
}
export class CreateLead {
  @Nested(() => LeadForm)
  lead!: LeadForm;
}

export class LeadCreatedResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'a lead from a tour behind the lead gate: a link that opens the tour in another browser for 7 days; else null',
  })
  unlockUrl!: string | null;
}

export class LeadResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  firstName!: string;

  @ApiProperty()
  lastName!: string;

  @ApiProperty()
  email!: string;

  @ApiProperty()
  phoneNumber!: string;

  @ApiProperty()
  message!: string;

  @ApiProperty({ enum: ['tour', 'website'], description: 'the form it was sent from' })
  source!: LeadSource;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
}

export class LeadsQuery extends PageQuery {}

// `POST /digital_twin/{id}/events`: what a visitor did in the tour.

export class TourEventForm {
  @RequiredOneOf(TOUR_EVENT_TYPES)
  type!: TourEventType;

  /** The agent whose phone number was revealed: one of the tour's agents. */
  @RequiredString(100)
  agentId!: string;
}
export class CreateTourEvent {
  @Nested(() => TourEventForm)
  event!: TourEventForm;
}
