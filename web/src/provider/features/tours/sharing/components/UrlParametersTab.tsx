export function UrlParametersTab({ propertyId }: { propertyId: string }) {
  return <p className="muted">Loading… {propertyId}</p>;
}
