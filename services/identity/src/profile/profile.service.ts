import { Injectable } from '@nestjs/common';
import { ApiError, type Caller } from '@tourly/platform';
import { refuseApiKeys } from '../accounts/api-key-limits';
import { UsersRepository, type UserProfileRow } from '../accounts/users.repository';
import type { MeResponse, ProfileChanges } from './profile.dto';

/** The signed-in person's own account: who they are, and the details they keep (names, phone number). */
@Injectable()
export class ProfileService {
  constructor(private readonly users: UsersRepository) {}

  async me(caller: Caller): Promise<MeResponse> {
    const profile = await this.users.profileOf(caller.userId as string);
    // A session outliving its user (deleted meanwhile) is nobody's.
    if (!profile) throw ApiError.unauthorized();
    return meOf(caller, profile);
  }

  /** Changes the fields sent (a null phone number clears it); not with an API key, which is no person. */
  async update(caller: Caller, changes: ProfileChanges): Promise<MeResponse> {
    refuseApiKeys(caller);
    const profile = await this.users.updateProfile(caller.userId as string, changes);
    if (!profile) throw ApiError.unauthorized();
    return meOf(caller, profile);
  }
}

function meOf(caller: Caller, profile: UserProfileRow): MeResponse {
  return {
    userId: caller.userId,
    ...profile,
    role: caller.role,
    staffRole: caller.staffRole,
    providerId: caller.providerId,
    impersonatorId: caller.impersonatorId,
    scopes: caller.scopes,
  };
}
