import { useState } from 'react';
import { useCurrentUserQuery } from '../../../../auth/queries';
import { ConfirmDialog } from '../../../../shared/ConfirmDialog';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { formatDateTime } from '../../../../shared/format';
import { useForm } from '../../../../shared/forms/useForm';
import { MESSAGES, PRODUCT_NAME } from '../../../../shared/strings';
import { TextAreaField } from '../../../../shared/TextAreaField';
import { formatFileSize } from '../../../../api/upload';
import type { OrderComment } from '../api';
import { useOrderAttachments } from '../hooks';
import { useAddCommentMutation, useCommentsQuery, useDeleteCommentMutation } from '../queries';
import { AttachmentsField } from './AttachmentsField';

const ROLE_LABELS: Record<OrderComment['authorRole'], string> = {
  provider: '',
  virtual_assistant: `${PRODUCT_NAME} team`,
  external_supplier: 'Drafter',
  platform_admin: `${PRODUCT_NAME} support`,
};

/**
 * What the parties of an order say on it (GET /opw_resources/{id}/comments, oldest first): who, when, what, and the
 * files attached; the person's own comments can be deleted after asking. "Send comment" with files uploaded to the
 * order first (POST .../files), listed in `comment.attachments`.
 */
export function CommentsSection({ orderId }: { orderId: string }) {
  const comments = useCommentsQuery(orderId);
  const me = useCurrentUserQuery().data;
  const remove = useDeleteCommentMutation();
  const [deleting, setDeleting] = useState<OrderComment | null>(null);
  const list = comments.data;

  async function confirmDelete() {
    if (!deleting) return;
    const outcome = await remove.run(orderId, deleting.id);
    if (outcome.ok) setDeleting(null);
  }

  return (
    <section className="card" aria-labelledby="order-comments">
      <h2 id="order-comments">Comments</h2>
      <ErrorDisplay error={comments.error ?? (deleting ? null : remove.error)} />
      {!list ? (
        !comments.error && (
          <p className="muted" role="status">
            Loading comments…
          </p>
        )
      ) : list.length === 0 ? (
        <p className="muted">No comments yet. Ask the team anything about this order here.</p>
      ) : (
        <ol className="order-comments" aria-label="Comments" aria-busy={comments.isFetching || undefined}>
          {list.map((comment) => (
            <li key={comment.id} className="order-comment">
              <p className="order-comment-head">
                <strong>{comment.authorName ?? 'Someone'}</strong>
                {ROLE_LABELS[comment.authorRole] && (
                  <span className="badge badge-neutral">{ROLE_LABELS[comment.authorRole]}</span>
                )}
                <time className="muted" dateTime={comment.createdAt}>
                  {formatDateTime(comment.createdAt)}
                </time>
              </p>
              <p className="order-comment-body">{comment.body}</p>
              {comment.attachments.length > 0 && (
                <ul className="order-files" aria-label="Attachments">
                  {comment.attachments.map(({ id, file }) => (
                    <li key={id}>
                      <a href={file.url} target="_blank" rel="noopener noreferrer">
                        {file.filename}
                      </a>{' '}
                      <span className="muted">{formatFileSize(file.size)}</span>
                    </li>
                  ))}
                </ul>
              )}
              {me?.userId === comment.authorId && (
                <button
                  type="button"
                  className="button button-secondary"
                  aria-label={`Delete your comment of ${formatDateTime(comment.createdAt)}`}
                  onClick={() => {
                    remove.reset();
                    setDeleting(comment);
                  }}
                >
                  Delete
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
      <CommentForm orderId={orderId} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this comment?"
        confirmLabel="Delete comment"
        isPending={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>It is removed for everyone working on the order, with its attachments.</p>
        <ErrorDisplay error={deleting ? remove.error : null} />
      </ConfirmDialog>
    </section>
  );
}

function CommentForm({ orderId }: { orderId: string }) {
  const add = useAddCommentMutation();
  const attachments = useOrderAttachments(orderId);
  const [sent, setSent] = useState(false);
  const form = useForm({
    initial: { body: '' },
    fields: { body: 'comment.body' },
    submit: ({ body }) => {
      setSent(false);
      if (!body.trim()) {
        form.refuse('body', MESSAGES.required);
        return Promise.resolve(undefined);
      }
      return add.run(orderId, {
        body: body.trim(),
        attachmentIds: attachments.attached.map((file) => file.id),
      });
    },
    onSuccess: () => {
      form.set('body', '');
      attachments.clear();
      setSent(true);
    },
  });
  const { isPending } = form;

  return (
    <form noValidate onSubmit={form.handleSubmit} className="order-comment-form" aria-label="New comment">
      <div ref={form.alertRef} tabIndex={-1}>
        <ErrorDisplay error={form.errors.alert} />
      </div>
      <TextAreaField
        {...form.field('body')}
        label="Your comment"
        rows={3}
        maxLength={5000}
        disabled={isPending}
      />
      <AttachmentsField label="Attach files" attachments={attachments} disabled={isPending} />
      <div className="actions">
        <button
          type="submit"
          className="button button-primary"
          disabled={isPending || attachments.uploads.isUploading}
        >
          {isPending ? 'Sending…' : 'Send comment'}
        </button>
      </div>
      {sent && (
        <p className="visually-hidden" role="status">
          Your comment was sent.
        </p>
      )}
    </form>
  );
}
