import { Controller, Delete, Get, Put, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Caller, MultipartFile, NotWhileImpersonating, ProviderId, Responds, Roles } from '@tourly/platform';
import { AvatarResponse, AvatarsQuery, UserAvatarResponse } from './avatars.dto';
import { AVATAR_FIELD, AvatarsService } from './avatars.service';

/**
 * Issue 31: people's pictures. Anyone signed in with a user id in a provider (its admins, scan technicians,
 * members, and its client users) keeps their own; staff not working in a provider have none, and an administrator
 * impersonating someone cannot change theirs.
 */
@Controller('profile')
export class AvatarsController {
  constructor(private readonly avatars: AvatarsService) {}

  @Get('avatar')
  @Responds(AvatarResponse)
  own(@Caller() caller: Caller): Promise<AvatarResponse> {
    return this.avatars.own(caller.userId!);
  }

  /** multipart `avatar`: one image (JPEG, PNG, WebP or GIF, by content; at most 100MB); replaces the current one. */
  @Put('avatar')
  @NotWhileImpersonating()
  @MultipartFile(AVATAR_FIELD, 'One image (JPEG, PNG, WebP or GIF; at most 100MB).')
  @Responds(AvatarResponse)
  set(@Caller() caller: Caller, @Req() request: FastifyRequest): Promise<AvatarResponse> {
    return this.avatars.set(caller, request.raw);
  }

  @Delete('avatar')
  @NotWhileImpersonating()
  @Responds(AvatarResponse)
  remove(@Caller() caller: Caller): Promise<AvatarResponse> {
    return this.avatars.remove(caller);
  }

  /** The team list's pictures: those of the ids who are the caller's provider's people; others are left out. */
  @Get('avatars')
  @Roles('admin', 'scan_technician', 'member')
  @Responds([UserAvatarResponse])
  many(@ProviderId() providerId: string, @Query() query: AvatarsQuery): Promise<UserAvatarResponse[]> {
    return this.avatars.ofProviderPeople(providerId, query.userIds);
  }
}
