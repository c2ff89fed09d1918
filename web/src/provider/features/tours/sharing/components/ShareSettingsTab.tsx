export function ShareSettingsTab({ propertyId }: { propertyId: string }) {
  return <p className="muted">Loading… {propertyId}</p>;
}
