import { Inject, Injectable } from '@nestjs/common';
import {
  MESSAGES,
  type CreditCategory,
  type CreditChange,
  type CreditReservation,
  type CreditsReserveRequest,
  type CreditsSettleRequest,
} from '@tourly/contracts';
import { ApiError, CONFIG, Database, EventBus, type Page, type PageQuery } from '@tourly/platform';
import type { EntityManager } from 'typeorm';
import { recordAdminChange } from '../admin/admin-changes';
import type { BillingConfig } from '../config';
import { CreditReservationsRepository, type ReservationRow } from './credit-reservations.repository';
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
 * `billing.credits.changed.v1` with the provider's next credits version.
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
    const holdSeconds = request.holdSeconds ?? this.config.CREDIT_RESERVATION_TTL_SECONDS;
    return this.db.transaction(async (tx) => {
      const before = await this.credits.lock(tx, providerId);
      const existing = await this.reservations.find(tx, providerId, reference);
      if (existing) {
        if (existing.amount !== amount) throw ApiError.invalid('reference', RESERVED_FOR_ANOTHER_AMOUNT);
        return reservationOf(existing, before);
      }
      if (before.available < amount) throw ApiError.base(422, MESSAGES.notEnoughCredits);
      await this.credits.append(tx, {
        providerId,
        kind: 'spend',
        category: null,
        amount: -amount,
        actor: SYSTEM_ACTOR,
        reference,
        note: null,
      });
      const held = await this.reservations.hold(tx, providerId, reference, amount, holdSeconds);
      const after = await this.credits.apply(tx, providerId, -amount, amount);
      await this.announce(tx, providerId, after, 'reserve', null, -amount, reference);
      return reservationOf(held, after);
    });
  }

  /** The held credits are spent. Again: the same answer; released already: 409. */
  async capture(request: CreditsSettleRequest): Promise<CreditReservation> {
    checked(request, false);
    const { providerId, reference } = request;
    return this.db.transaction(async (tx) => {
      const before = await this.credits.lock(tx, providerId);
      const existing = await this.reservations.find(tx, providerId, reference);
      if (!existing) throw ApiError.notFound(NOTHING_RESERVED);
      if (existing.status === 'captured') return reservationOf(existing, before);
      if (existing.status === 'released') throw ApiError.conflict(ALREADY_RELEASED);
      const captured = await this.reservations.settle(tx, providerId, reference, 'captured');
      const after = await this.credits.apply(tx, providerId, 0, -existing.amount);
      await this.announce(tx, providerId, after, 'capture', null, 0, reference);
      return reservationOf(captured, after);
    });
  }

  /** The held credits come back. Again: the same answer; captured already: 409. */
  async release(request: CreditsSettleRequest): Promise<CreditReservation> {
    checked(request, false);
    const { providerId, reference } = request;
    return this.db.transaction(async (tx) => {
      const before = await this.credits.lock(tx, providerId);
      const existing = await this.reservations.find(tx, providerId, reference);
      if (!existing) throw ApiError.notFound(NOTHING_RESERVED);
      if (existing.status === 'released') return reservationOf(existing, before);
      if (existing.status === 'captured') throw ApiError.conflict(ALREADY_SPENT);
      return this.releaseHeld(tx, existing);
    });
  }

  /** Releases the holds past their expiry (the periodic sweep); how many it released. */
  async releaseExpired(limit: number): Promise<number> {
    let released = 0;
    for (const { providerId, reference } of await this.reservations.expired(limit)) {
      await this.db.transaction(async (tx) => {
        await this.credits.lock(tx, providerId);
        const current = await this.reservations.find(tx, providerId, reference);
        // Captured or released since it was listed: nothing to do.
        if (current?.status !== 'held') return;
        await this.releaseHeld(tx, current);
        released += 1;
      });
    }
    return released;
  }

  private async releaseHeld(tx: EntityManager, held: ReservationRow): Promise<CreditReservation> {
    const { providerId, reference, amount } = held;
    await this.credits.append(tx, {
      providerId,
      kind: 'release',
      category: null,
      amount,
      actor: SYSTEM_ACTOR,
      reference,
      note: null,
    });
    const released = await this.reservations.settle(tx, providerId, reference, 'released');
    const after = await this.credits.apply(tx, providerId, amount, -amount);
    await this.announce(tx, providerId, after, 'release', null, amount, reference);
    return reservationOf(released, after);
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

function reservationOf(row: ReservationRow, balance: BalanceRow): CreditReservation {
  return {
    reference: row.reference,
    amount: row.amount,
    status: row.status,
    expiresAt: row.expiresAt.toISOString(),
    availableBalance: balance.available,
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
