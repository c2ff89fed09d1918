import { useState } from 'react';
import {
  Confirm,
  useCanAccess,
  useDelete,
  useNotify,
  useRecordContext,
  useRedirect,
  useResourceContext,
  type RaRecord,
} from 'react-admin';
import { TextButton } from './TextButton';

interface ArchiveButtonProps {
  /** What is archived, in words, mid-sentence: 'voucher SPRING', 'offer “Welcome”'. */
  name: (record: RaRecord) => string;
  /** What archiving means for it, in the dialog. */
  consequence: string;
  /** After archiving from a record's own page: back to the list. */
  redirectToList?: boolean;
}

/**
 * Archives the record: react-admin's delete (DELETE /admin/<resource>/{id}, which archives) after its confirm
 * dialog, worded "Archive" throughout. Pessimistic, so the list changes once the server has answered.
 */
export function ArchiveButton({ name, consequence, redirectToList = false }: ArchiveButtonProps) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const notify = useNotify();
  const redirect = useRedirect();
  const { canAccess } = useCanAccess({ resource, action: 'delete', record });
  const [open, setOpen] = useState(false);
  const [archive, { isPending }] = useDelete();
  if (!record || !canAccess || record.status === 'archived') return null;
  const what = name(record);

  // Pessimistic: the dialog stays (its button busy) until the server has answered.
  async function confirm() {
    try {
      await archive(
        resource,
        { id: record!.id, previousData: record! },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
    } catch (error) {
      setOpen(false);
      const message = error instanceof Error ? error.message : String(error);
      notify(message, { type: 'error', messageArgs: { _: message } });
      return;
    }
    setOpen(false);
    const message = `${what.charAt(0).toUpperCase()}${what.slice(1)} archived.`;
    notify(message, { type: 'info', messageArgs: { _: message } });
    if (redirectToList) redirect('list', resource);
  }

  return (
    <>
      <TextButton
        label="Archive"
        aria-label={`Archive ${what}`}
        color="error"
        disabled={isPending}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      />
      <Confirm
        isOpen={open}
        loading={isPending}
        title={`Archive ${what}?`}
        content={consequence}
        confirm="Archive"
        confirmColor="warning"
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
