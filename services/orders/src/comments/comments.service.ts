import type { IncomingMessage } from 'node:http';
import { Injectable, Logger } from '@nestjs/common';
import { USER_NAMES, type UserNames } from '@tourly/contracts';
import { ApiError, Database, RpcClient, uuidv7, type CallerIdentity } from '@tourly/platform';
import { Storage } from '@tourly/platform/storage';
import type { FileResponse } from '../orders/orders.dto';
import { OrderFilesRepository } from '../orders/order-files.repository';
import { OrdersService } from '../orders/orders.service';
import type { CommentFields, CommentResponse } from './comments.dto';
import { CommentsRepository, type CommentRow } from './comments.repository';
import {
  ATTACHMENTS_NOT_UPLOADED,
  authorRoleOf,
  COMMENT_NOT_FOUND,
  mayDelete,
  ONLY_AUTHOR_DELETES,
} from './comments.rules';

/**
 * Comments on an order (002 §7 "Comments"): each party of the order (the provider's people, virtual assistants,
 * the assigned supplier, admins) reads and writes them; files are attached by uploading them to the order first.
 */
@Injectable()
export class CommentsService {
  private readonly logger = new Logger(CommentsService.name);

  constructor(
    private readonly db: Database,
    private readonly comments: CommentsRepository,
    private readonly files: OrderFilesRepository,
    private readonly orders: OrdersService,
    private readonly rpc: RpcClient,
    private readonly storage: Storage,
  ) {}

  async list(caller: CallerIdentity, orderId: string): Promise<CommentResponse[]> {
    await this.orders.visible(caller, orderId);
    return this.shown(await this.comments.list(orderId));
  }

  async add(caller: CallerIdentity, orderId: string, fields: CommentFields): Promise<CommentResponse> {
    const id = uuidv7();
    const attachmentIds = [
      ...new Set((fields.attachments ?? []).map((attachment) => attachment.id.toLowerCase())),
    ];
    await this.db.transaction(async (tx) => {
      await this.orders.visible(caller, orderId, tx);
      await this.comments.insert(tx, {
        id,
        orderId,
        authorId: caller.userId!,
        authorRole: authorRoleOf(caller),
        body: fields.body,
      });
      if (attachmentIds.length) {
        const moved = await this.files.handOver(
          tx,
          attachmentIds,
          { orderId, uploadedBy: caller.userId! },
          { orderId, role: 'attachment', commentId: id },
        );
        if (moved !== attachmentIds.length)
          throw ApiError.invalid('comment.attachments', ATTACHMENTS_NOT_UPLOADED);
      }
    });
    const [shown] = await this.shown([(await this.comments.find(orderId, id))!]);
    return shown!;
  }

  /** Its author or a platform admin (403 for anyone else who sees the order). */
  async remove(caller: CallerIdentity, orderId: string, id: string): Promise<CommentResponse> {
    const comment = await this.comments.find(orderId, id);
    await this.orders.visible(caller, orderId);
    if (!comment) throw ApiError.notFound(COMMENT_NOT_FOUND);
    if (!mayDelete(caller, comment)) throw ApiError.forbidden(ONLY_AUTHOR_DELETES);
    const [shown] = await this.shown([comment]);
    const keys = await this.db.transaction(async (tx) => {
      await this.orders.visible(caller, orderId, tx);
      return this.comments.remove(tx, id);
    });
    await this.storage.delete(keys).catch(() => undefined);
    return shown!;
  }

  /** The upload flow of attachments: one file (multipart `file`) kept with the order until a comment takes it. */
  upload(caller: CallerIdentity, orderId: string, raw: IncomingMessage): Promise<FileResponse> {
    return this.orders.upload(caller, orderId, raw, 'attachment', 'file');
  }

  private async shown(comments: CommentRow[]): Promise<CommentResponse[]> {
    if (comments.length === 0) return [];
    const [names, attachments] = await Promise.all([
      this.names([...new Set(comments.map((comment) => comment.authorId))]),
      this.files.ofComments(comments.map((comment) => comment.id)),
    ]);
    const files = await Promise.all(attachments.map((file) => this.orders.fileOf(file)));
    return comments.map(({ orderId: _order, ...comment }) => ({
      ...comment,
      authorName: names.get(comment.authorId) ?? null,
      attachments: attachments
        .map((file, index) => ({ row: file, file: files[index]! }))
        .filter(({ row }) => row.commentId === comment.id)
        .map(({ file }) => ({ id: file.id, file })),
    }));
  }

  /** Authors' names from identity; a comment still shows without them when identity does not answer. */
  private async names(userIds: string[]): Promise<Map<string, string>> {
    try {
      const { users } = await this.rpc.ask<UserNames>(USER_NAMES, { userIds });
      return new Map(users.map((user) => [user.userId, user.fullName]));
    } catch (error) {
      this.logger.warn(`comment authors shown without names: ${String(error)}`);
      return new Map();
    }
  }
}
