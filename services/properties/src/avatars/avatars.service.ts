import type { IncomingMessage } from 'node:http';
import { Injectable } from '@nestjs/common';
import { PROVIDER_PEOPLE, type ProviderPeople } from '@tourly/contracts';
import { ApiError, Database, RpcClient, type Caller } from '@tourly/platform';
import { Storage } from '@tourly/platform/storage';
import { ACCEPTS } from '../media/media.rules';
import { AVATAR_SIZE } from '../uploads/images';
import { UploadsService } from '../uploads/uploads.service';
import { AvatarsRepository, type AvatarRow } from './avatars.repository';

/** Who may keep a picture: a signed-in person with a user id who works in a provider (its people, its client users). */
export const NO_PROVIDER_FOR_AVATAR = 'Choose a provider to work in first.';

/** The multipart field that carries the picture. */
export const AVATAR_FIELD = 'avatar';

export interface AvatarView {
  avatarUrl: string | null;
}

export interface UserAvatar {
  userId: string;
  avatarUrl: string;
}

/**
 * People's uploaded pictures (issue 31): one per user, an image checked like a photo (by its bytes, the same size
 * limit), stored as a file of the provider the person uploaded it in, its thumbnail a square of AVATAR_SIZE cut from
 * the middle. Read as that thumbnail's presigned URL, made at read time like media's; an image too large for a
 * thumbnail (over THUMBNAIL_MAX_BYTES) is read as the file itself.
 */
@Injectable()
export class AvatarsService {
  constructor(
    private readonly db: Database,
    private readonly avatars: AvatarsRepository,
    private readonly uploads: UploadsService,
    private readonly storage: Storage,
    private readonly rpc: RpcClient,
  ) {}

  async own(userId: string): Promise<AvatarView> {
    const [row] = await this.avatars.of([userId]);
    return { avatarUrl: row ? await this.url(row) : null };
  }

  /** Replaces the caller's picture with the image in the multipart field `avatar`; the old one's file is discarded. */
  async set(caller: Caller, raw: IncomingMessage): Promise<AvatarView> {
    const { userId, providerId } = this.owner(caller);
    const file = await this.uploads.receive(providerId, raw, AVATAR_FIELD, ACCEPTS.photo);
    try {
      await this.uploads.squareThumbnail(file, AVATAR_SIZE);
      await this.db.transaction(async (tx) => {
        const previous = await this.avatars.lockedFileId(tx, userId);
        await this.uploads.insert(tx, file, true);
        await this.avatars.set(tx, userId, file.id);
        if (previous) await this.uploads.discard([previous], tx);
      });
    } catch (error) {
      await this.uploads.abandon([file.storageKey, file.thumbnailKey]);
      throw error;
    }
    return this.own(userId);
  }

  /** Removes the caller's picture (the initials show again); nothing to remove is not an error. */
  async remove(caller: Caller): Promise<AvatarView> {
    const { userId } = this.owner(caller);
    await this.db.transaction(async (tx) => {
      const previous = await this.avatars.remove(tx, userId);
      if (previous) await this.uploads.discard([previous], tx);
    });
    return { avatarUrl: null };
  }

  /** The pictures of those of `userIds` who are the provider's people (identity says who); anyone else is left out. */
  async ofProviderPeople(providerId: string, userIds: string[]): Promise<UserAvatar[]> {
    const wanted = [...new Set(userIds.map((id) => id.toLowerCase()))];
    if (wanted.length === 0) return [];
    const people = await this.rpc.ask<ProviderPeople>(PROVIDER_PEOPLE, { providerId, userIds: wanted });
    return this.urls(people.userIds);
  }

  /** The pictures of these users, whoever they are: for callers that already know they are the provider's people. */
  async urls(userIds: string[]): Promise<UserAvatar[]> {
    const rows = await this.avatars.of(userIds);
    return Promise.all(rows.map(async (row) => ({ userId: row.userId, avatarUrl: await this.url(row) })));
  }

  private url(row: AvatarRow): Promise<string> {
    return row.thumbnailKey
      ? this.storage.readUrl(row.thumbnailKey, undefined, 'image/jpeg')
      : this.storage.readUrl(row.storageKey, undefined, row.contentType ?? undefined);
  }

  private owner(caller: Caller): { userId: string; providerId: string } {
    if (!caller.userId) throw ApiError.unauthorized();
    if (!caller.providerId) throw ApiError.forbidden(NO_PROVIDER_FOR_AVATAR);
    return { userId: caller.userId, providerId: caller.providerId };
  }
}
