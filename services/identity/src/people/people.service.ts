import { Injectable } from '@nestjs/common';
import type {
  PeopleProfiles,
  PeopleProfilesRequest,
  ProviderAddresses,
  ProviderAddressesRequest,
  ProviderPeople,
  ProviderPeopleRequest,
  ProviderSince,
  ProviderSinceRequest,
  StaffMembers,
  StaffMembersRequest,
  UserNames,
  UserNamesRequest,
} from '@tourly/contracts';
import { ApiError } from '@tourly/platform';
import { MembershipsRepository } from '../accounts/memberships.repository';
import { ProvidersRepository } from '../accounts/providers.repository';
import { UsersRepository } from '../accounts/users.repository';
import { PermissionsService } from '../permissions/permissions.service';
import {
  isUuid,
  namesAsked,
  peopleQuestion,
  profilesQuestion,
  staffMembersErrors,
  userNamesErrors,
} from './people.rules';

/** What other services ask about providers and their people, the platform's staff and users' names. */
@Injectable()
export class PeopleService {
  constructor(
    private readonly memberships: MembershipsRepository,
    private readonly providers: ProvidersRepository,
    private readonly users: UsersRepository,
    private readonly permissions: PermissionsService,
  ) {}

  /** Which of the user ids are people of the provider (its team, not its clients). */
  async people(request: ProviderPeopleRequest): Promise<ProviderPeople> {
    const question = peopleQuestion(request);
    if (!question) return { userIds: [] };
    return { userIds: await this.memberships.peopleAmong(question.providerId, question.userIds) };
  }

  /** The profiles of the provider's people among the user ids (and of its admins, or its whole team, when asked). */
  async profiles(request: PeopleProfilesRequest): Promise<PeopleProfiles> {
    const question = profilesQuestion(request);
    if (!question) return { people: [] };
    const { providerId, userIds, admins, team } = question;
    return { people: await this.memberships.profilesAmong(providerId, userIds, { admins, team }) };
  }

  /** When a provider's account was opened (billing's legacy plan check); null for an unknown provider. */
  async since(request: ProviderSinceRequest): Promise<ProviderSince> {
    const providerId = request?.providerId;
    if (!isUuid(providerId)) return { createdAt: null };
    const createdAt = await this.providers.createdAt(providerId);
    return { createdAt: createdAt ? createdAt.toISOString() : null };
  }

  /**
   * The provider's subdomain and active white-label domain (null while paused: the plan no longer includes one);
   * both null for an unknown provider.
   */
  async addresses(request: ProviderAddressesRequest): Promise<ProviderAddresses> {
    const providerId = request?.providerId;
    const none = { name: null, subdomain: null, whitelabelDomain: null };
    if (!isUuid(providerId)) return none;
    const addresses = await this.providers.addresses(providerId);
    if (!addresses) return none;
    if (addresses.whitelabelDomain && !(await this.permissions.publishing(providerId)).whitelabelDomain) {
      return { ...addresses, whitelabelDomain: null };
    }
    return addresses;
  }

  /** The users holding a staff role, by name. 422 `staff_role` when it is not one of the staff roles. */
  async staff(request: StaffMembersRequest): Promise<StaffMembers> {
    ApiError.refuseAny(staffMembersErrors(request));
    return { members: await this.users.staffOf(request.staffRole) };
  }

  /**
   * The names of the users among the ids, whoever they are (people of any provider, staff); unknown ids and ids that
   * are not UUIDs left out. 422 `user_ids` when not a list or longer than MAX_NAME_IDS.
   */
  async names(request: UserNamesRequest): Promise<UserNames> {
    ApiError.refuseAny(userNamesErrors(request));
    const userIds = namesAsked(request.userIds);
    if (userIds.length === 0) return { users: [] };
    return { users: await this.users.fullNames(userIds) };
  }
}
