import { Inject, Injectable } from '@nestjs/common';
import {
  MESSAGES,
  type CreditCategory,
  type CreditChange,
  type CreditReservation,
  type CreditsChangedV1,
  type CreditsReserveRequest,
  type CreditsSettleRequest,
} from '@tourly/contracts';
import {
  ApiError,
  CONFIG,
  Database,
  EventBus,
  type Page,
  type PageQuery,
  type StatementEvent,
} from '@tourly/platform';
import type { EntityManager } from 'typeorm';
import { recordAdminChange } from '../admin/admin-changes';
import type { BillingConfig } from '../config';
import {
  CreditReservationsRepository,
  type ReservationRow,
  type SettledRow,
} from './credit-reservations.repository';
import type { CreditBundleForm, CreditBundleResponse } from './credit-bundles.dto';
import type {
  CreditAdjustmentForm,
  CreditAdjustmentResponse,
  CreditBalanceResponse,
  LedgerEntryResponse,
} from './credits.dto';
import {
  CreditsRepository,
  type BalanceRow,
  type GrantKind,
  type LedgerFilter,
  type LedgerRow,
} from './credits.repository';
import { creditsRequestErrors } from './credits.rules';

export const NOTHING_RESERVED = 'No credits are reserved under this reference.';
export const RESERVED_FOR_ANOTHER_AMOUNT = 'was already reserved for another amount';
export const ALREADY_RELEASED = 'These credits were released; reserve them again.';
export const ALREADY_SPENT = 'These credits were already spent.';
export const BELOW_ZERO = "would take the provider's available credits below zero";

/** What the statement of a hold, capture or release adds to its event: the balances and version it leaves. */
type StatementFields = 'availableBalance' | 'reservedBalance' | 'version';

/** The system itself, as the actor of a ledger row no person wrote (a service's spend, an expired hold). */
export const SYSTEM_ACTOR = 'system';

/** What a grant wrote: its ledger row, and the provider's balances before and after it. */
export interface Granted {
  entry: LedgerRow;
  before: BalanceRow;
  balance: BalanceRow;
}

/** Credits in (or, for an adjustment or a refund, out) for a reason among the fourteen categories. */
export interface Grant {
  providerId: string;
  kind: GrantKind;
  category: CreditCategory;
  amount: number;
  actor: string;
  reference: string | null;
  note: string | null;
}

/**
 * The credits ledger: every change of a provider's credits is an appended row, written with the balance it moves
 * under the provider's balance row lock (`credit_balances ... FOR UPDATE`), so concurrent spends queue up and the
 * available balance never goes below zero (a CHECK backs it). Credits never expire. Another service reserves
 * credits (a spend row, held), then captures them (the spend stands) or releases them (a release row gives them
 * back); a hold never captured is released after its `holdSeconds` (default `CREDIT_RESERVATION_TTL_SECONDS`). Each change is announced as
 * `billing.credits.changed.v1` with the provider's next credits version. A hold, capture or release is one statement
 * (CreditReservationsRepository): they are other services' round trips, and the lock lasts no round trip of ours.
 */
@Injectable()
export class CreditsService {
  constructor(
    private readonly db: Database,
    private readonly credits: CreditsRepository,
    private readonly reservations: CreditReservationsRepository,
    @Inject(EventBus) private readonly events: EventBus,
    @Inject(CONFIG) private readonly config: BillingConfig,
  ) {}

  async balance(providerId: string): Promise<CreditBalanceResponse> {
    return balanceOf(await this.credits.balance(providerId));
  }

  async history(
    providerId: string,
    filter: LedgerFilter,
    query: PageQuery,
  ): Promise<Page<LedgerEntryResponse>> {
    const page = await this.credits.list(providerId, filter, query);
    return { ...page, items: page.items.map(entryOf) };
  }

  /**
   * Grants (or, for an adjustment or a refund, takes) credits inside `tx`: the row written and the balance after it.
   * With a reference, once: a second grant with the same kind and reference writes nothing and answers undefined.
   */
  async grant(tx: EntityManager, grant: Grant): Promise<Granted | undefined> {
    const before = await this.credits.lock(tx, grant.providerId);
    if (before.available + grant.amount < 0) throw ApiError.invalid('amount', BELOW_ZERO);
    const entry = await this.credits.append(tx, { ...grant });
    if (entry === undefined) return undefined;
    const after = await this.credits.apply(tx, grant.providerId, grant.amount, 0);
    await this.announce(
      tx,
      grant.providerId,
      after,
      grant.kind,
      grant.category,
      grant.amount,
      grant.reference,
    );
    return { entry, before, balance: after };
  }

  /**
   * An admin gives (or takes back) credits; taking more than is available is refused (422 `amount`). Recorded in the
   * audit trail (`credits.adjusted`) in the adjustment's transaction.
   */
  async adjust(
    providerId: string,
    adminId: string,
    form: CreditAdjustmentForm,
  ): Promise<CreditAdjustmentResponse> {
    return this.db.transaction(async (tx) => {
      // Without a reference a grant always writes its row.
      const { entry, before, balance } = (await this.grant(tx, {
        providerId,
        kind: 'adjustment',
        category: form.category,
        amount: form.amount,
        actor: adminId,
        reference: null,
        note: form.note ?? null,
      }))!;
      await recordAdminChange(this.events, tx, {
        providerId,
        adminId,
        action: 'credits.adjusted',
        before: balanceFields(before),
        after: {
          ...balanceFields(balance),
          category: entry.category,
          amount: entry.amount,
          note: entry.note,
        },
      });
      return { adjustment: entryOf(entry), balance: balanceOf(balance) };
    });
  }

  /**
   * The ledger rows that brought credits in (purchases, bundles, vouchers, offers, adjustments that gave credits) of
   * the provider, or of every provider when null; newest first, each with its provider.
   */
  async bundles(providerId: string | null, query: PageQuery): Promise<Page<CreditBundleResponse>> {
    const page = await this.credits.list(providerId, 'creditsIn', query);
    return { ...page, items: page.items.map(bundleOf) };
  }

  /**
   * An admin gives the provider a bundle of credits: a `grant` row with the admin's category and note, recorded in
   * the audit trail (`credits.given`) in its transaction.
   */
  async giveBundle(adminId: string, form: CreditBundleForm): Promise<CreditBundleResponse> {
    return this.db.transaction(async (tx) => {
      const { entry, before, balance } = (await this.grant(tx, {
        providerId: form.providerId,
        kind: 'grant',
        category: form.category,
        amount: form.creditsQty,
        actor: adminId,
        reference: null,
        note: form.note || null,
      }))!;
      await recordAdminChange(this.events, tx, {
        providerId: form.providerId,
        adminId,
        action: 'credits.given',
        before: balanceFields(before),
        after: {
          ...balanceFields(balance),
          creditsQty: entry.amount,
          category: entry.category,
          note: entry.note,
        },
      });
      return bundleOf(entry);
    });
  }

  /**
   * Holds credits for another service, for `holdSeconds` (default `CREDIT_RESERVATION_TTL_SECONDS`) unless captured
   * or released before; idempotent by reference (the same request again answers the reservation as it now is, its
   * expiry unchanged). 422 `Provider does not have enough credits` when the available balance cannot cover it.
   */
  async reserve(request: CreditsReserveRequest): Promise<CreditReservation> {
    checked(request, true);
    const { providerId, reference, amount } = request;
    const ttlSeconds = request.holdSeconds ?? this.config.CREDIT_RESERVATION_TTL_SECONDS;
    const held = await this.reservations.hold(
      { providerId, reference, amount, ttlSeconds, actor: SYSTEM_ACTOR },
      this.changed({ providerId, change: 'reserve', category: null, amount: -amount, reference }),
    );
    if (held) return reservationOf(held);
    // Nothing held: the reference was reserved before (now or by a concurrent request), or the credits fall short.
    const existing = await this.reservations.current(providerId, reference);
    if (!existing) throw ApiError.base(422, MESSAGES.notEnoughCredits);
    if (existing.amount !== amount) throw ApiError.invalid('reference', RESERVED_FOR_ANOTHER_AMOUNT);
    return reservationOf(existing);
  }

  /** The held credits are spent. Again: the same answer; released already: 409. */
  async capture(request: CreditsSettleRequest): Promise<CreditReservation> {
    checked(request, false);
    const { providerId, reference } = request;
    return this.settle(request, 'captured', ALREADY_RELEASED, () =>
      this.reservations.capture(
        providerId,
        reference,
        this.changed({ providerId, change: 'capture', category: null, amount: 0, reference }),
      ),
    );
  }

  /** The held credits come back. Again: the same answer; captured already: 409. */
  async release(request: CreditsSettleRequest): Promise<CreditReservation> {
    checked(request, false);
    const { providerId, reference } = request;
    return this.settle(request, 'released', ALREADY_SPENT, () => this.releaseHeld(providerId, reference));
  }

  /**
   * Settles a hold with `write` (a capture's or a release's statement, which writes only while the hold is held).
   * When it wrote nothing, the reservation as it now is answers: settled so already (the same answer again), settled
   * the other way (409), none (404). Twice at most: still held after a write that wrote nothing is a reserve of the
   * reference that committed in between.
   */
  private async settle(
    { providerId, reference }: CreditsSettleRequest,
    settled: 'captured' | 'released',
    otherwise: string,
    write: () => Promise<SettledRow | undefined>,
  ): Promise<CreditReservation> {
    for (let attempt = 1; ; attempt++) {
      const written = await write();
      if (written) return reservationOf(written);
      const current = await this.reservations.current(providerId, reference);
      if (!current) throw ApiError.notFound(NOTHING_RESERVED);
      if (current.status === settled) return reservationOf(current);
      if (current.status !== 'held') throw ApiError.conflict(otherwise);
      if (attempt === 2)
        throw new Error(`the hold ${reference} of ${providerId} stays held but cannot be ${settled}`);
    }
  }

  /** Releases the holds past their expiry (the periodic sweep); how many it released. */
  async releaseExpired(limit: number): Promise<number> {
    let released = 0;
    for (const { providerId, reference } of await this.reservations.expired(limit)) {
      // Captured or released since it was listed: nothing to do.
      if (await this.releaseHeld(providerId, reference)) released += 1;
    }
    return released;
  }

  private releaseHeld(providerId: string, reference: string): Promise<SettledRow | undefined> {
    return this.reservations.release(
      { providerId, reference, actor: SYSTEM_ACTOR },
      // The amount given back is the reservation's: its statement adds it.
      this.changed<StatementFields | 'amount'>({ providerId, change: 'release', category: null, reference }),
    );
  }

  /**
   * The `billing.credits.changed.v1` of a hold, capture or release, for its statement to write with the balances and
   * version it leaves (and a release's amount).
   */
  private changed<Later extends keyof CreditsChangedV1 = StatementFields>(
    known: Omit<CreditsChangedV1, Later>,
  ): StatementEvent {
    return this.events.inStatement<'billing.credits.changed.v1', Later>('billing.credits.changed.v1', known);
  }

  private async announce(
    tx: EntityManager,
    providerId: string,
    after: BalanceRow,
    change: CreditChange,
    category: CreditCategory | null,
    amount: number,
    reference: string | null,
  ): Promise<void> {
    await this.events.publish(
      'billing.credits.changed.v1',
      {
        providerId,
        change,
        category,
        amount,
        reference,
        availableBalance: after.available,
        reservedBalance: after.reserved,
        version: after.version,
      },
      tx,
    );
  }
}

/** A request over NATS arrives past no DTO: anything, `null` included. */
function checked(request: unknown, withAmount: boolean): void {
  const fields = typeof request === 'object' && request !== null ? request : {};
  ApiError.refuseAny(creditsRequestErrors(fields, withAmount));
}

export function balanceOf(row: BalanceRow): CreditBalanceResponse {
  return {
    creditBalance: row.available + row.reserved,
    availableBalance: row.available,
    reservedBalance: row.reserved,
  };
}

/** The balances an admin's change of credits moves, as the audit trail records them (in the API's words). */
function balanceFields(row: BalanceRow): Record<string, unknown> {
  const { creditBalance, availableBalance } = balanceOf(row);
  return { creditBalance, availableBalance };
}

function reservationOf(row: ReservationRow): CreditReservation {
  return {
    reference: row.reference,
    amount: row.amount,
    status: row.status,
    expiresAt: row.expiresAt.toISOString(),
    availableBalance: row.available,
  };
}

function bundleOf(row: LedgerRow): CreditBundleResponse {
  return { ...entryOf(row), providerId: row.providerId };
}

function entryOf(row: LedgerRow): LedgerEntryResponse {
  return {
    id: row.id,
    kind: row.kind,
    category: row.category,
    amount: row.amount,
    actor: row.actor,
    reference: row.reference,
    note: row.note,
    status: row.reservationStatus,
    createdAt: row.createdAt.toISOString(),
  };
}
