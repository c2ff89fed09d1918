import { rows, type Database } from '@tourly/platform';

/**
 * The ledger invariant, for every provider billing knows: its available balance is the sum of its ledger rows,
 * what it has reserved is the sum of its held reservations, and neither is negative. Empty when it holds.
 */
export async function ledgerInvariantBreaches(db: Database): Promise<Array<Record<string, unknown>>> {
  return rows<Record<string, unknown>>(
    db.dataSource,
    `WITH sums AS (
       SELECT provider_id, sum(amount)::int AS ledger FROM credit_ledger GROUP BY provider_id
     ), held AS (
       SELECT provider_id, sum(amount)::int AS held FROM credit_reservations WHERE status = 'held' GROUP BY provider_id
     )
     SELECT coalesce(b.provider_id, s.provider_id) AS provider_id, b.available, b.reserved,
            coalesce(s.ledger, 0) AS ledger, coalesce(h.held, 0) AS held
       FROM credit_balances b
       FULL JOIN sums s ON s.provider_id = b.provider_id
       LEFT JOIN held h ON h.provider_id = coalesce(b.provider_id, s.provider_id)
      WHERE b.provider_id IS NULL OR b.available <> coalesce(s.ledger, 0) OR b.reserved <> coalesce(h.held, 0)
         OR b.available < 0 OR b.reserved < 0`,
  );
}

/** How many ledger rows the provider has, by kind. */
export async function ledgerKinds(db: Database, providerId: string): Promise<Record<string, number>> {
  const found = await rows<{ kind: string; count: number }>(
    db.dataSource,
    'SELECT kind, count(*)::int AS count FROM credit_ledger WHERE provider_id = $1 GROUP BY kind',
    [providerId],
  );
  return Object.fromEntries(found.map((row) => [row.kind, row.count]));
}
