import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { isFloorplanKind } from '@tourly/contracts';
import { Confirm, useDataProvider, useNotify, useRefresh } from 'react-admin';
import type { ConsoleDataProvider } from '../dataProvider';
import type { SupplierUpload } from '../orders/api';
import { FileList, filesOf } from '../orders/OrderFiles';
import { isOpen, type OrderDetail, type OrderFile } from '../orders/orders';
import { FileButton, UploadList, useUploads } from '../orders/Uploads';
import { useOrderAction } from '../orders/useOrderAction';
import { Section } from '../shared/Section';

const PARTS: ReadonlyArray<{
  role: SupplierUpload;
  id: string;
  title: string;
  button: string;
  about: string;
  /** Only for floor plans: a retouching order is drawn from its photos. */
  plansOnly?: boolean;
}> = [
  {
    role: 'delivered',
    id: 'order-deliverables',
    title: 'Deliverables',
    button: 'Upload deliverable',
    about: 'What the provider receives when the order is finalised.',
  },
  {
    role: 'working',
    id: 'order-working-files',
    title: 'Working files',
    button: 'Upload working file',
    about: 'Drafts and references, kept with the order; a copy can become a deliverable.',
  },
  {
    role: 'property_data',
    id: 'order-property-data',
    title: 'Property data',
    button: 'Upload property data',
    about: 'Measurements and sketches the plan is drawn from.',
    plansOnly: true,
  },
];

/** How an amendment's plans reach the property (properties matches them to the line's plans by file name). */
const AMENDED_PLANS =
  'A changed plan uploaded under the file name it was delivered with (plan.png for plan.png) takes its place on the property; another name adds a plan.';

const amendsAPlan = (order: OrderDetail) => order.amendsOrderId !== null && isFloorplanKind(order.kind);

/**
 * The supplier's files, one card per role: uploaded with their progress (multipart `floorplan_file[file]`; images and
 * PDFs, at most 100MB), each a link, deleted after asking, a working file copied to the deliverables; all of it only
 * while the order is open. Then the provider's supporting files, to read.
 */
export function SupplierFiles({ order }: { order: OrderDetail }) {
  const supporting = filesOf(order.files, 'supporting');
  return (
    <>
      {PARTS.filter((part) => !part.plansOnly || order.kind !== 'photo_retouching').map((part) => (
        <FilesPart
          key={part.role}
          order={order}
          {...part}
          about={
            part.role === 'delivered' && amendsAPlan(order) ? `${part.about} ${AMENDED_PLANS}` : part.about
          }
        />
      ))}
      {supporting.length > 0 && (
        <Section id="order-supporting-files" title="Supporting files">
          {order.kind === 'photo_retouching' && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              The photos to retouch. Upload each retouched photo as a deliverable under its original's name
              (IMG_1.jpg for IMG_1.jpg; another extension is fine): that is how it goes back in the property's
              place.
            </Typography>
          )}
          <FileList files={supporting} label="Supporting files" empty="None." />
        </Section>
      )}
    </>
  );
}

function FilesPart({
  order,
  role,
  id,
  title,
  button,
  about,
}: { order: OrderDetail } & (typeof PARTS)[number]) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { run, isPending } = useOrderAction();
  const [deleting, setDeleting] = useState<OrderFile | null>(null);
  const open = isOpen(order.status);
  const uploads = useUploads(
    (file, onProgress, signal) => dataProvider.uploadOrderFile(order.id, role, file, onProgress, signal),
    (file) => {
      const message = `${file.filename} uploaded.`;
      notify(message, { type: 'success', messageArgs: { _: message } });
      refresh();
    },
  );

  return (
    <Section id={id} title={title}>
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        <Typography variant="body2" color="text.secondary">
          {about}
        </Typography>
        <FileList
          files={filesOf(order.files, role)}
          label={title}
          empty="None yet."
          actions={
            open
              ? (file) => (
                  <>
                    {role === 'working' && (
                      <Button
                        size="small"
                        disabled={isPending}
                        aria-label={`Copy ${file.filename} to the deliverables`}
                        onClick={() =>
                          void run(
                            (provider) => provider.copyToDeliverables(order.id, file.id),
                            `${file.filename} copied to the deliverables.`,
                          )
                        }
                      >
                        Copy to deliverables
                      </Button>
                    )}
                    <Button
                      size="small"
                      color="error"
                      disabled={isPending}
                      aria-label={`Delete ${file.filename}`}
                      onClick={() => setDeleting(file)}
                    >
                      Delete
                    </Button>
                  </>
                )
              : undefined
          }
        />
        <UploadList
          items={uploads.items}
          label={`Uploads to ${title.toLowerCase()}`}
          onRemove={uploads.remove}
        />
        {open && <FileButton label={button} multiple variant="contained" onFiles={uploads.add} />}
      </Box>
      <Confirm
        isOpen={deleting !== null}
        loading={isPending}
        title={`Delete ${deleting?.filename ?? 'the file'}?`}
        content="It leaves the order for good."
        confirm="Delete"
        confirmColor="warning"
        onConfirm={async () => {
          if (!deleting) return;
          await run(
            (provider) => provider.deleteOrderFile(order.id, deleting.id),
            `${deleting.filename} deleted.`,
          );
          setDeleting(null);
        }}
        onClose={() => setDeleting(null)}
      />
    </Section>
  );
}
