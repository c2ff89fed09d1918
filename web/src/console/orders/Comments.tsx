import { Alert, Box, Button, Link, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useDataProvider } from 'react-admin';
import { useCurrentUserQuery } from '../../auth/queries';
import { ErrorDisplay } from '../../shared/ErrorDisplay';
import { useForm } from '../../shared/forms/useForm';
import { formatDateTime } from '../../shared/format';
import { TextAreaField } from '../../shared/TextAreaField';
import type { ConsoleDataProvider } from '../dataProvider';
import { AUTHOR_ROLES, type OrderComment } from './orders';
import { FileButton, UploadList, useUploads } from './Uploads';
import { useOrderAction } from './useOrderAction';

/**
 * What the parties say on an order (GET /opw_resources/{id}/comments), oldest first, then a new comment: its text
 * and attachments, each uploaded first (POST .../files) with its progress, then listed with it (POST .../comments).
 * A comment is deleted by its author or a platform admin, after asking.
 */
export function Comments({ orderId }: { orderId: string }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const comments = useQuery({
    queryKey: ['orders', orderId, 'comments'],
    queryFn: ({ signal }) => dataProvider.orderComments(orderId, signal),
  });

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {comments.error ? (
        <Alert severity="error">{comments.error.message}</Alert>
      ) : !comments.data ? (
        <Typography role="status">Loading the comments…</Typography>
      ) : comments.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No comments yet.
        </Typography>
      ) : (
        <Box
          component="ol"
          aria-label="Comments"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
        >
          {comments.data.map((comment) => (
            <CommentItem key={comment.id} orderId={orderId} comment={comment} />
          ))}
        </Box>
      )}
      <CommentForm orderId={orderId} />
    </Box>
  );
}

function CommentItem({ orderId, comment }: { orderId: string; comment: OrderComment }) {
  const me = useCurrentUserQuery().data;
  const { run, isPending } = useOrderAction();
  const [asking, setAsking] = useState(false);
  const mayDelete = !!me && (me.userId === comment.authorId || me.staffRole === 'platform_admin');
  const author = comment.authorName ?? 'Someone';

  return (
    <Box component="li" sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1 }}>
        <Typography variant="subtitle2" component="p">
          {author}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {AUTHOR_ROLES[comment.authorRole]} · {formatDateTime(comment.createdAt)}
        </Typography>
        {mayDelete && (
          <Button
            size="small"
            color="error"
            aria-label={`Delete the comment “${comment.body.slice(0, 40)}”`}
            disabled={isPending}
            onClick={() => setAsking(true)}
          >
            Delete
          </Button>
        )}
      </Box>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {comment.body}
      </Typography>
      {comment.attachments.length > 0 && (
        <Box component="ul" aria-label="Attachments" sx={{ m: 0, pl: 2.5 }}>
          {comment.attachments.map(({ id, file }) => (
            <li key={id}>
              <Link href={file.url} target="_blank" rel="noreferrer" sx={{ overflowWrap: 'anywhere' }}>
                {file.filename}
              </Link>
            </li>
          ))}
        </Box>
      )}
      <Confirm
        isOpen={asking}
        loading={isPending}
        title="Delete this comment?"
        content="Everyone following the order stops seeing it, with its attachments."
        confirm="Delete"
        confirmColor="warning"
        onConfirm={async () => {
          const outcome = await run(
            (provider) => provider.deleteComment(orderId, comment.id),
            'Comment deleted.',
          );
          if (outcome.ok) setAsking(false);
        }}
        onClose={() => setAsking(false)}
      />
    </Box>
  );
}

function CommentForm({ orderId }: { orderId: string }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { run } = useOrderAction();
  const attachments = useUploads((file, onProgress, signal) =>
    dataProvider.uploadAttachment(orderId, file, onProgress, signal),
  );
  const form = useForm({
    initial: { body: '' },
    fields: { body: 'comment.body', attachments: 'comment.attachments' },
    submit: ({ body }) =>
      run(
        (provider) => provider.addComment(orderId, { body: body.trim(), attachmentIds: attachments.doneIds }),
        'Comment added.',
      ),
    onSuccess: () => {
      form.setValues({ body: '' });
      attachments.clear();
    },
  });
  const attachmentMessages = form.errors.fields.attachments;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={form.handleSubmit}
      aria-label="New comment"
      sx={{ display: 'grid', gap: 1 }}
    >
      <TextAreaField {...form.field('body')} label="Comment" rows={3} maxLength={5000} />
      <UploadList
        items={attachments.items}
        label="Attachments to send"
        keepDone
        onRemove={attachments.remove}
      />
      {attachmentMessages && (
        <Typography variant="body2" color="error" role="alert">
          {attachmentMessages.join(' & ')}
        </Typography>
      )}
      <ErrorDisplay error={form.errors.alert} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <FileButton label="Attach files" multiple onFiles={attachments.add} />
        <Button
          type="submit"
          variant="contained"
          size="small"
          disabled={form.isPending || attachments.uploading}
        >
          Post comment
        </Button>
      </Box>
    </Box>
  );
}
