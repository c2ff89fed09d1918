import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../shared/strings';

export function NotFoundPage() {
  return (
    <div className="page">
      <title>{`Page not found · ${PRODUCT_NAME}`}</title>
      <h1>Page not found</h1>
      <p>There is no page at this address.</p>
      <p>
        <Link to="/provider/properties">Back to properties</Link>
      </p>
    </div>
  );
}
