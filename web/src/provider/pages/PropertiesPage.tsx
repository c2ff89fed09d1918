import { PRODUCT_NAME } from '../../shared/strings';

export function PropertiesPage() {
  return (
    <div className="page">
      <title>{`Properties · ${PRODUCT_NAME}`}</title>
      <h1>Properties</h1>
      <section className="empty-state">
        <p>Property management arrives with the properties service.</p>
        <p>Until then there are no properties to show here.</p>
      </section>
    </div>
  );
}
