import { Box, Button, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useRedirect } from 'react-admin';
import { ErrorDisplay } from '../../shared/ErrorDisplay';
import { useForm } from '../../shared/forms/useForm';
import { MESSAGES } from '../../shared/strings';
import { TextAreaField } from '../../shared/TextAreaField';
import type { ConsoleDataProvider } from '../dataProvider';
import { ConsoleModal } from '../shared/ConsoleModal';
import { orderName, type OrderDetail } from './orders';
import { FileButton, UploadList, useUploads } from './Uploads';
import { useOrderAction } from './useOrderAction';

/** Where the amendment opens once placed: the resource that lists it in this console area. */
type OpenIn = (amendment: OrderDetail) => string;

/**
 * "Amend" a delivered order: what to change and supporting files (each uploaded to the order first, POST
 * /opw_resources/{id}/files, with its progress), then the area's amend (a virtual assistant's
 * POST .../portal_order_requests/{id}/amend, a supplier's POST .../floorplan_orders/{id}/amend); the amendment is a
 * new order, opened once placed. The server's messages show under the notes and the files.
 */
export function AmendOrderButton({ order, openIn }: { order: OrderDetail; openIn: OpenIn }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" variant="contained" onClick={() => setOpen(true)}>
        Amend
      </Button>
      {open && <AmendDialog order={order} openIn={openIn} onClose={() => setOpen(false)} />}
    </>
  );
}

function AmendDialog({
  order,
  openIn,
  onClose,
}: {
  order: OrderDetail;
  openIn: OpenIn;
  onClose: () => void;
}) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const redirect = useRedirect();
  const { run } = useOrderAction();
  const files = useUploads((file, onProgress, signal) =>
    dataProvider.uploadAttachment(order.id, file, onProgress, signal),
  );
  const form = useForm({
    initial: { notes: '' },
    fields: { notes: 'amendmentForm.notes', files: 'amendmentForm.supportingFiles' },
    submit: async ({ notes }) => {
      if (notes.trim() === '') {
        form.refuse('notes', MESSAGES.required);
        return undefined;
      }
      return run(
        (provider) =>
          provider.amendOrder(order.id, { notes: notes.trim(), supportingFileIds: files.doneIds }),
        (amendment) => `${orderName(amendment)} placed: the amendment of ${orderName(order).toLowerCase()}.`,
      );
    },
    onSuccess: (amendment) => {
      onClose();
      redirect('show', openIn(amendment), amendment.id);
    },
  });
  const fileMessages = form.errors.fields.files;
  const title = `Amend ${orderName(order).toLowerCase()}`;

  return (
    <ConsoleModal size="medium" labelledBy="amend-order-title" onClose={onClose}>
      <form noValidate onSubmit={form.handleSubmit}>
        <DialogTitle id="amend-order-title">{title}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 1 }}>
          <Typography variant="body2" color="text.secondary">
            The amendment is new work on the delivered plan, for the same supplier and at no cost to the
            provider.
          </Typography>
          <TextAreaField
            {...form.field('notes')}
            label="What to change"
            rows={4}
            maxLength={2000}
            requiredMark
          />
          <Typography variant="subtitle2" component="h3">
            Supporting files
          </Typography>
          <UploadList items={files.items} label="Supporting files" keepDone onRemove={files.remove} />
          {fileMessages && (
            <Typography variant="body2" color="error" role="alert">
              {fileMessages.join(' & ')}
            </Typography>
          )}
          <Box>
            <FileButton label="Add supporting files" multiple onFiles={files.add} />
          </Box>
          <ErrorDisplay error={form.errors.alert} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={form.isPending || files.uploading}>
            Order the amendment
          </Button>
        </DialogActions>
      </form>
    </ConsoleModal>
  );
}
