import { Injectable } from '@nestjs/common';
import type { OrderFileRole } from '@tourly/contracts';
import { affected, Database, one, rows, type Queryable } from '@tourly/platform';

export interface OrderFileRow {
  id: string;
  orderId: string;
  role: OrderFileRole;
  commentId: string | null;
  storageKey: string;
  filename: string;
  contentType: string;
  size: number;
  uploadedBy: string;
  createdAt: Date;
}

const COLUMNS = `id, order_id AS "orderId", role, comment_id AS "commentId", storage_key AS "storageKey", filename,
  content_type AS "contentType", size::int AS size, uploaded_by AS "uploadedBy", created_at AS "createdAt"`;

/** `order_files`: every file of an order, whatever its role. */
@Injectable()
export class OrderFilesRepository {
  constructor(private readonly db: Database) {}

  async insert(tx: Queryable, file: Omit<OrderFileRow, 'createdAt' | 'commentId'>): Promise<void> {
    await tx.query(
      `INSERT INTO order_files (id, order_id, role, storage_key, filename, content_type, size, uploaded_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        file.id,
        file.orderId,
        file.role,
        file.storageKey,
        file.filename,
        file.contentType,
        file.size,
        file.uploadedBy,
      ],
    );
  }

  find(orderId: string, id: string, tx?: Queryable): Promise<OrderFileRow | undefined> {
    return one<OrderFileRow>(
      tx ?? this.db.dataSource,
      `SELECT ${COLUMNS} FROM order_files WHERE order_id = $1 AND id = $2`,
      [orderId, id],
    );
  }

  /** The order's files, oldest first: of some roles, or all but comment attachments. */
  list(orderId: string, roles?: readonly OrderFileRole[], tx?: Queryable): Promise<OrderFileRow[]> {
    return rows<OrderFileRow>(
      tx ?? this.db.dataSource,
      `SELECT ${COLUMNS} FROM order_files
       WHERE order_id = $1 AND ($2::text[] IS NULL OR role = ANY($2::text[])) AND comment_id IS NULL
       ORDER BY created_at, id`,
      [orderId, roles ?? null],
    );
  }

  /** The attachments of these comments. */
  ofComments(commentIds: string[]): Promise<OrderFileRow[]> {
    return rows<OrderFileRow>(
      this.db.dataSource,
      `SELECT ${COLUMNS} FROM order_files WHERE comment_id = ANY($1::uuid[]) ORDER BY created_at, id`,
      [commentIds],
    );
  }

  async remove(tx: Queryable, id: string): Promise<void> {
    await affected(tx, 'DELETE FROM order_files WHERE id = $1', [id]);
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
    return affected(
      tx,
      `UPDATE order_files SET order_id = $4, role = $5, comment_id = $6
       WHERE id = ANY($1::uuid[]) AND order_id = $2 AND uploaded_by = $3 AND role = 'attachment' AND comment_id IS NULL`,
      [ids, from.orderId, from.uploadedBy, to.orderId, to.role, to.commentId],
    );
  }
}
