export function PasswordTab({ propertyId }: { propertyId: string }) {
  return <p className="muted">Loading… {propertyId}</p>;
}
