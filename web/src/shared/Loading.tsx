export function Loading() {
  return (
    <p className="page loading" role="status">
      Loading…
    </p>
  );
}
