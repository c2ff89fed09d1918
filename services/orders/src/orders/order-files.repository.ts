import { Injectable } from '@nestjs/common';
import type { OrderFileRole } from '@tourly/contracts';
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
import type {
  IFilesOfCommentsQuery,
  IFindOrderFileQuery,
  IFindOrderFileResult,
  IHandOverOrderFilesQuery,
  IInsertOrderFileParams,
  IInsertOrderFileQuery,
  IListOrderFilesQuery,
  IRemoveOrderFileQuery,
} from './order-files.repository.types';

/** What the schema keeps to a union with a CHECK. */
type Known = { role: OrderFileRole };

export type OrderFileRow = Narrowed<IFindOrderFileResult, Known>;

const insertOrderFile = sql<IInsertOrderFileQuery>`
  INSERT INTO order_files (id, order_id, role, storage_key, filename, content_type, size, uploaded_by, photo_id)
  VALUES ($id!, $orderId!, $role!, $storageKey!, $filename!, $contentType!, $size!, $uploadedBy, $photoId)`;

const findOrderFile = sql<Narrow<IFindOrderFileQuery, Known>>`
  SELECT id, order_id AS "orderId", role, comment_id AS "commentId", storage_key AS "storageKey", filename,
    content_type AS "contentType", size::int AS "size!", uploaded_by AS "uploadedBy", photo_id AS "photoId",
    created_at AS "createdAt"
  FROM order_files WHERE order_id = $orderId! AND id = $id!`;

const listOrderFiles = sql<Narrow<IListOrderFilesQuery, Known>>`
  SELECT id, order_id AS "orderId", role, comment_id AS "commentId", storage_key AS "storageKey", filename,
    content_type AS "contentType", size::int AS "size!", uploaded_by AS "uploadedBy", photo_id AS "photoId",
    created_at AS "createdAt"
  FROM order_files
  WHERE order_id = $orderId! AND ($roles::text[] IS NULL OR role = ANY($roles::text[])) AND comment_id IS NULL
  ORDER BY created_at, id`;

const filesOfComments = sql<Narrow<IFilesOfCommentsQuery, Known>>`
  SELECT id, order_id AS "orderId", role, comment_id AS "commentId", storage_key AS "storageKey", filename,
    content_type AS "contentType", size::int AS "size!", uploaded_by AS "uploadedBy", photo_id AS "photoId",
    created_at AS "createdAt"
  FROM order_files WHERE comment_id = ANY($commentIds!::uuid[]) ORDER BY created_at, id`;

const removeOrderFile = sql<IRemoveOrderFileQuery>`DELETE FROM order_files WHERE id = $id!`;

const handOverOrderFiles = sql<IHandOverOrderFilesQuery>`
  UPDATE order_files SET order_id = $toOrderId!, role = $toRole!, comment_id = $toCommentId
  WHERE id = ANY($ids!::uuid[]) AND order_id = $fromOrderId! AND uploaded_by = $uploadedBy!
    AND role = 'attachment' AND comment_id IS NULL`;

/** `order_files`: every file of an order, whatever its role. */
@Injectable()
export class OrderFilesRepository {
  constructor(private readonly db: Database) {}

  async insert(tx: Queryable, file: IInsertOrderFileParams & Known): Promise<void> {
    await queryRows(tx, insertOrderFile, file);
  }

  find(orderId: string, id: string, tx?: Queryable): Promise<OrderFileRow | undefined> {
    return queryOne(tx ?? this.db.dataSource, findOrderFile, { orderId, id });
  }

  /** The order's files, oldest first: of some roles, or all but comment attachments. */
  list(orderId: string, roles?: readonly OrderFileRole[], tx?: Queryable): Promise<OrderFileRow[]> {
    return queryRows(tx ?? this.db.dataSource, listOrderFiles, { orderId, roles: roles ? [...roles] : null });
  }

  /** The attachments of these comments. */
  ofComments(commentIds: string[]): Promise<OrderFileRow[]> {
    return queryRows(this.db.dataSource, filesOfComments, { commentIds });
  }

  async remove(tx: Queryable, id: string): Promise<void> {
    await queryAffected(tx, removeOrderFile, { id });
  }

  /**
   * Hands uploaded files over (to an amendment, as supporting files; to a comment, as attachments): only files of
   * `fromOrderId` uploaded by `uploadedBy` with the role `attachment` and no comment yet. How many moved.
   */
  async handOver(
    tx: Queryable,
    ids: string[],
    from: { orderId: string; uploadedBy: string },
    to: { orderId: string; role: OrderFileRole; commentId: string | null },
  ): Promise<number> {
    return queryAffected(tx, handOverOrderFiles, {
      ids,
      fromOrderId: from.orderId,
      uploadedBy: from.uploadedBy,
      toOrderId: to.orderId,
      toRole: to.role,
      toCommentId: to.commentId,
    });
  }
}
