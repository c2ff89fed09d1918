import { formatFileSize } from '../../../../api/upload';
import type { OrderDetail, OrderFile } from '../api';

/**
 * The order's files the provider reads: the delivered plans or retouched photos (links valid an hour, asked again
 * with the order), a retouching order's photos, and an amendment's supporting files. Before delivery, where the
 * delivered files will be.
 */
export function OrderFiles({ order }: { order: OrderDetail }) {
  const delivered = order.files.filter((file) => file.role === 'delivered');
  const originals = order.files.filter((file) => file.photoId !== null);
  const supporting = order.files.filter((file) => file.role === 'supporting' && file.photoId === null);
  const retouching = order.kind === 'photo_retouching';
  return (
    <section className="card" aria-labelledby="order-files">
      <h2 id="order-files">Delivered files</h2>
      {delivered.length > 0 ? (
        <FileLinks files={delivered} label="Delivered files" />
      ) : (
        <p className="muted">
          {order.status === 'cancelled'
            ? 'Nothing was delivered: the order was cancelled.'
            : retouching
              ? 'The retouched photos appear here once they are delivered, and on the property too.'
              : 'The plan appears here once it is delivered, and on the property too.'}
        </p>
      )}
      {originals.length > 0 && (
        <>
          <h3>Photos to retouch</h3>
          <FileLinks files={originals} label="Photos to retouch" />
        </>
      )}
      {supporting.length > 0 && (
        <>
          <h3>Supporting files</h3>
          <FileLinks files={supporting} label="Supporting files" />
        </>
      )}
    </section>
  );
}

function FileLinks({ files, label }: { files: OrderFile[]; label: string }) {
  return (
    <ul className="order-files" aria-label={label}>
      {files.map((file) => (
        <li key={file.id}>
          <a href={file.url} target="_blank" rel="noopener noreferrer">
            {file.filename}
          </a>{' '}
          <span className="muted">{formatFileSize(file.size)}</span>
        </li>
      ))}
    </ul>
  );
}
