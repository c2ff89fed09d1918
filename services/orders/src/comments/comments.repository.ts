import { Injectable } from '@nestjs/common';
import {
  Database,
  queryAffected,
  queryOne,
  queryRows,
  sql,
  type Narrow,
  type Narrowed,
  type Queryable,
} from '@tourly/platform';
import type { AuthorRole } from './comments.rules';
import type {
  IFindCommentQuery,
  IFindCommentResult,
  IInsertCommentParams,
  IInsertCommentQuery,
  IListCommentsQuery,
  IRemoveCommentAttachmentsQuery,
  IRemoveCommentQuery,
} from './comments.repository.types';

/** What the schema keeps to a union with a CHECK. */
type Known = { authorRole: AuthorRole };

export type CommentRow = Narrowed<IFindCommentResult, Known>;

const listComments = sql<Narrow<IListCommentsQuery, Known>>`
  SELECT id, order_id AS "orderId", author_id AS "authorId", author_role AS "authorRole", body,
    created_at AS "createdAt"
  FROM order_comments WHERE order_id = $orderId! ORDER BY created_at, id`;

const findComment = sql<Narrow<IFindCommentQuery, Known>>`
  SELECT id, order_id AS "orderId", author_id AS "authorId", author_role AS "authorRole", body,
    created_at AS "createdAt"
  FROM order_comments WHERE order_id = $orderId! AND id = $id!`;

const insertComment = sql<IInsertCommentQuery>`
  INSERT INTO order_comments (id, order_id, author_id, author_role, body)
  VALUES ($id!, $orderId!, $authorId!, $authorRole!, $body!)`;

const removeCommentAttachments = sql<IRemoveCommentAttachmentsQuery>`
  DELETE FROM order_files WHERE comment_id = $commentId! RETURNING storage_key AS "storageKey"`;

const removeComment = sql<IRemoveCommentQuery>`DELETE FROM order_comments WHERE id = $id!`;

/** `order_comments`: what the parties of an order say on it. */
@Injectable()
export class CommentsRepository {
  constructor(private readonly db: Database) {}

  list(orderId: string): Promise<CommentRow[]> {
    return queryRows(this.db.dataSource, listComments, { orderId });
  }

  find(orderId: string, id: string, tx?: Queryable): Promise<CommentRow | undefined> {
    return queryOne(tx ?? this.db.dataSource, findComment, { orderId, id });
  }

  async insert(tx: Queryable, comment: IInsertCommentParams & Known): Promise<void> {
    await queryRows(tx, insertComment, comment);
  }

  /** Removes the comment and its attachments' rows; the storage keys of those attachments. */
  async remove(tx: Queryable, id: string): Promise<string[]> {
    const removed = await queryRows(tx, removeCommentAttachments, { commentId: id });
    await queryAffected(tx, removeComment, { id });
    return removed.map((file) => file.storageKey);
  }
}
