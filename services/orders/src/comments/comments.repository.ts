import { Injectable } from '@nestjs/common';
import { affected, Database, one, rows, type Queryable } from '@tourly/platform';
import type { AuthorRole } from './comments.rules';

export interface CommentRow {
  id: string;
  orderId: string;
  authorId: string;
  authorRole: AuthorRole;
  body: string;
  createdAt: Date;
}

const COLUMNS = `id, order_id AS "orderId", author_id AS "authorId", author_role AS "authorRole", body,
  created_at AS "createdAt"`;

/** `order_comments`: what the parties of an order say on it. */
@Injectable()
export class CommentsRepository {
  constructor(private readonly db: Database) {}

  list(orderId: string): Promise<CommentRow[]> {
    return rows<CommentRow>(
      this.db.dataSource,
      `SELECT ${COLUMNS} FROM order_comments WHERE order_id = $1 ORDER BY created_at, id`,
      [orderId],
    );
  }

  find(orderId: string, id: string, tx?: Queryable): Promise<CommentRow | undefined> {
    return one<CommentRow>(
      tx ?? this.db.dataSource,
      `SELECT ${COLUMNS} FROM order_comments WHERE order_id = $1 AND id = $2`,
      [orderId, id],
    );
  }

  async insert(tx: Queryable, comment: Omit<CommentRow, 'createdAt'>): Promise<void> {
    await tx.query(
      `INSERT INTO order_comments (id, order_id, author_id, author_role, body) VALUES ($1, $2, $3, $4, $5)`,
      [comment.id, comment.orderId, comment.authorId, comment.authorRole, comment.body],
    );
  }

  /** Removes the comment and its attachments' rows; the storage keys of those attachments. */
  async remove(tx: Queryable, id: string): Promise<string[]> {
    const removed = await rows<{ storageKey: string }>(
      tx,
      'DELETE FROM order_files WHERE comment_id = $1 RETURNING storage_key AS "storageKey"',
      [id],
    );
    await affected(tx, 'DELETE FROM order_comments WHERE id = $1', [id]);
    return removed.map((file) => file.storageKey);
  }
}
