import { formatFileSize } from '../../../../api/upload';
import type { OrderDetail, OrderFile } from '../api';

/**
 * The order's files the provider reads: the delivered plans (links valid an hour, asked again with the order),
 * and an amendment's supporting files. Before delivery, where the plans will be.
 */
export function OrderFiles({ order }: { order: OrderDetail }) {
  const delivered = order.files.filter((file) => file.role === 'delivered');
  const supporting = order.files.filter((file) => file.role === 'supporting');
  return (
    <section className="card" aria-labelledby="order-files">
      <h2 id="order-files">Delivered files</h2>
      {delivered.length > 0 ? (
        <FileLinks files={delivered} label="Delivered files" />
      ) : (
        <p className="muted">
          {order.status === 'cancelled'
            ? 'Nothing was delivered: the order was cancelled.'
            : 'The plan appears here once it is delivered, and on the property too.'}
        </p>
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
