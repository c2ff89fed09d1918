import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  PEOPLE_PROFILES,
  PROVIDER_ADDRESSES,
  PROVIDER_PEOPLE,
  PROVIDER_SINCE,
  STAFF_MEMBERS,
  USER_NAMES,
  type PeopleProfiles,
  type PeopleProfilesRequest,
  type ProviderAddresses,
  type ProviderAddressesRequest,
  type ProviderPeople,
  type ProviderPeopleRequest,
  type ProviderSince,
  type ProviderSinceRequest,
  type StaffMembers,
  type StaffMembersRequest,
  type UserNames,
  type UserNamesRequest,
} from '@tourly/contracts';
import { PeopleService } from './people.service';

/**
 * Request-reply for other services: about a provider's people, its age and its addresses; the platform's staff of
 * a role; users' names.
 */
@Controller()
export class PeopleListener {
  constructor(private readonly people: PeopleService) {}

  /** Which user ids are people of a provider (its team, not its clients). */
  @MessagePattern(PROVIDER_PEOPLE)
  peopleOf(@Payload() request: ProviderPeopleRequest): Promise<ProviderPeople> {
    return this.people.people(request);
  }

  /** The names, e-mail addresses, phone numbers and avatars of a provider's people (agents, lead mail). */
  @MessagePattern(PEOPLE_PROFILES)
  profilesOf(@Payload() request: PeopleProfilesRequest): Promise<PeopleProfiles> {
    return this.people.profiles(request);
  }

  /** When a provider's account was opened (billing's legacy plan check). */
  @MessagePattern(PROVIDER_SINCE)
  since(@Payload() request: ProviderSinceRequest): Promise<ProviderSince> {
    return this.people.since(request);
  }

  /** How a provider's pages are addressed: its name, subdomain and active white-label domain (tours' links). */
  @MessagePattern(PROVIDER_ADDRESSES)
  addresses(@Payload() request: ProviderAddressesRequest): Promise<ProviderAddresses> {
    return this.people.addresses(request);
  }

  /** The platform's staff of one back-office role, by name (the suppliers a virtual assistant assigns to). */
  @MessagePattern(STAFF_MEMBERS)
  staffOf(@Payload() request: StaffMembersRequest): Promise<StaffMembers> {
    return this.people.staff(request);
  }

  /** The display names of users, whoever they are (the authors of order comments). */
  @MessagePattern(USER_NAMES)
  namesOf(@Payload() request: UserNamesRequest): Promise<UserNames> {
    return this.people.names(request);
  }
}
