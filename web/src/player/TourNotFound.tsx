/** What a visitor sees when the link does not lead to a published tour. */
export function TourNotFound() {
  return (
    <main className="player-message">
      <title>Tour not found</title>
      <div>
        <h1>Tour not found</h1>
        <p>This tour does not exist or is no longer published.</p>
      </div>
    </main>
  );
}
