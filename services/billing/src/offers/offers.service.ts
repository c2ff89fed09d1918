import { Inject, Injectable } from '@nestjs/common';
import type { RedeemableAction } from '@tourly/contracts';
import { ApiError, Database, LOGGER, uuidv7, type Logger, type Page } from '@tourly/platform';
import type { EntityManager } from 'typeorm';
import { CreditsService, SYSTEM_ACTOR } from '../credits/credits.service';
import type {
  OfferForm,
  OfferResponse,
  OffersQuery,
  RedeemableOfferResponse,
  RedeemableOffersQuery,
} from './offers.dto';
import { OffersRepository, type OfferFields, type OfferRow, type RedeemedRow } from './offers.repository';
import {
  OFFER_ARCHIVED,
  OFFER_NOT_FOUND,
  instantOf,
  offerFormErrors,
  offerStatus,
  offerTrigger,
  type TriggerEvent,
} from './offers.rules';

/**
 * Offers: credits a provider receives once, automatically, when it does a redeemable action (buys credits, places
 * an order, takes a paid plan, completes its sign-up), as admins define them. Each offer is given to a provider at
 * most once (the redemption's primary key), inside the transaction of the event that triggered it (the inbox: a
 * redelivered event gives nothing more), as an `offer` ledger row through the credits ledger.
 */
@Injectable()
export class OffersService {
  constructor(
    private readonly db: Database,
    private readonly offers: OffersRepository,
    private readonly credits: CreditsService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async list(query: OffersQuery): Promise<Page<OfferResponse>> {
    const page = await this.offers.list(query);
    const now = new Date();
    return { ...page, items: page.items.map((row) => offerOf(row, now)) };
  }

  async get(id: string): Promise<OfferResponse> {
    const row = await this.offers.find(id);
    if (!row) throw ApiError.notFound(OFFER_NOT_FOUND);
    return offerOf(row, new Date());
  }

  async create(actor: string, form: OfferForm): Promise<OfferResponse> {
    const fields = fieldsOf(form);
    const id = uuidv7();
    return this.db.transaction(async (tx) => {
      await this.offers.insert(tx, id, actor, fields);
      return offerOf((await this.offers.find(id, tx))!, new Date());
    });
  }

  /** Replaces the offer's fields; what it gave stays as given. 409 once archived. */
  async update(id: string, form: OfferForm): Promise<OfferResponse> {
    const fields = fieldsOf(form);
    return this.db.transaction(async (tx) => {
      const current = await this.offers.find(id, tx, true);
      if (!current) throw ApiError.notFound(OFFER_NOT_FOUND);
      if (current.archivedAt) throw ApiError.conflict(OFFER_ARCHIVED);
      await this.offers.update(tx, id, fields);
      return offerOf((await this.offers.find(id, tx))!, new Date());
    });
  }

  /** Archives the offer: no longer listed nor given; what it gave stays. Again: the archived offer. */
  async archive(id: string): Promise<OfferResponse> {
    return this.db.transaction(async (tx) => {
      const current = await this.offers.find(id, tx, true);
      if (!current) throw ApiError.notFound(OFFER_NOT_FOUND);
      await this.offers.archive(tx, id);
      return offerOf((await this.offers.find(id, tx))!, new Date());
    });
  }

  /** The offers running now that the provider has not received, of one action or of every action. */
  async redeemable(providerId: string, query: RedeemableOffersQuery): Promise<RedeemableOfferResponse[]> {
    const found = await this.offers.redeemable(providerId, query.redeemAction, new Date());
    return found.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      redeemAction: row.redeemAction,
      credits: row.credits,
      endsAt: row.endsAt?.toISOString() ?? null,
    }));
  }

  /** Gives the provider the offers an event's action earns (nothing for an event that is no redeemable action). */
  async giveFor(tx: EntityManager, event: TriggerEvent): Promise<RedeemedRow[]> {
    const trigger = offerTrigger(event);
    if (!trigger) return [];
    return this.give(tx, trigger.providerId, trigger.action, trigger.reference, trigger.at);
  }

  /**
   * Inside the caller's transaction: each offer of `action` running at `at` (by default now) that the provider has
   * not received is recorded as received and its credits granted (an `offer` ledger row: the offer's category,
   * the offer's id as reference, its name as note, by the system). The offers given now.
   */
  async give(
    tx: EntityManager,
    providerId: string,
    action: RedeemableAction,
    reference: string,
    at: Date = new Date(),
  ): Promise<RedeemedRow[]> {
    const redeemed = await this.offers.redeem(tx, providerId, action, reference, at);
    for (const offer of redeemed) {
      await this.credits.grant(tx, {
        providerId,
        kind: 'offer',
        category: offer.category,
        amount: offer.credits,
        actor: SYSTEM_ACTOR,
        reference: offer.id,
        note: offer.name,
      });
    }
    if (redeemed.length > 0) {
      this.logger.info(
        { providerId, action, reference, offerIds: redeemed.map((offer) => offer.id) },
        'offers given',
      );
    }
    return redeemed;
  }
}

/** The form as stored: a blank description is none; an unset category is `promotional`. 422 per field. */
function fieldsOf(form: OfferForm): OfferFields {
  ApiError.refuseAny(offerFormErrors(form));
  return {
    name: form.name,
    description: form.description || null,
    redeemAction: form.redeemAction,
    credits: form.credits,
    category: form.category ?? 'promotional',
    startsAt: instant(form.startsAt),
    endsAt: instant(form.endsAt),
  };
}

/** An ISO 8601 time (checked by `offerFormErrors`) as an instant (a date alone: its midnight UTC), or null. */
function instant(value: string | null | undefined): string | null {
  return value ? new Date(instantOf(value)).toISOString() : null;
}

function offerOf(row: OfferRow, now: Date): OfferResponse {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    redeemAction: row.redeemAction,
    credits: row.credits,
    category: row.category,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    status: offerStatus(row, now),
    redemptionsCount: row.redemptionsCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
