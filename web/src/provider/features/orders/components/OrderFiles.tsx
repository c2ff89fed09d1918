import { Link } from 'react-router';
import { formatFileSize } from '../../../../api/upload';
import { tourSpacePath } from '../../tours/paths';
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
  if (order.kind === 'workshop_assistant') return <WorkshopWork order={order} supporting={supporting} />;
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

/**
 * What a workshop assistant order delivers: the tour's draft, which the provider reviews and publishes in the tour
 * space (nothing is published for it), and an amendment's supporting files.
 */
function WorkshopWork({ order, supporting }: { order: OrderDetail; supporting: OrderFile[] }) {
  return (
    <section className="card" aria-labelledby="order-work">
      <h2 id="order-work">Delivered work</h2>
      {order.status === 'delivered' ? (
        <>
          <p>Our team&apos;s work is in your tour&apos;s draft. Visitors see it once you publish it.</p>
          <p>
            <Link className="button button-primary" to={tourSpacePath(order.propertyId)}>
              Review the draft and publish
            </Link>
          </p>
        </>
      ) : (
        <p className="muted">
          {order.status === 'cancelled'
            ? 'Nothing was delivered: the order was cancelled.'
            : "Our team works in your tour's draft: nothing is published. Once delivered, you review the draft in the tour space and publish it."}
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
