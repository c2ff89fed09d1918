import { Inject, Injectable } from '@nestjs/common';
import {
  PEOPLE_PROFILES,
  PROVIDER_ADDRESSES,
  type HostingInvoiceChangedV1,
  type HostingInvoiceOverdueV1,
  type HostingTourReason,
  type PeopleProfiles,
  type ProviderAddresses,
} from '@tourly/contracts';
import {
  ApiError,
  CONFIG,
  Database,
  EventBus,
  isUuid,
  LOGGER,
  Mailer,
  RpcClient,
  type Logger,
} from '@tourly/platform';
import type { EntityManager } from 'typeorm';
import type { PropertiesConfig } from '../config';
import { PROPERTY_NOT_FOUND } from '../properties/property-scope';
import { HostingToursRepository } from './hosting-tours.repository';
import { amountText, hostingChange, pausedTourEmails, REASON_OF_STATUS } from './hosting-tours.rules';
import type { HostingStateResponse } from './hosting-tours.dto';

/**
 * The autopilot (issue 32): hosting that follows payment. Billing says when a hosting-fee invoice is overdue (past
 * its due date, the grace the provider gave) and when it is paid or voided; properties pauses the invoice's tours for
 * visitors (unless the provider exempted one) and resumes them, each change announced
 * (`properties.hosting.tour.paused.v1`, `.resumed.v1`). A tour is paused exactly while an unsettled overdue invoice
 * names it and it is not exempt: every change recomputes that under the tours' locks, so events in any order, and
 * several invoices of one tour, end in the same state.
 */
@Injectable()
export class HostingToursService {
  constructor(
    private readonly db: Database,
    private readonly tours: HostingToursRepository,
    private readonly mailer: Mailer,
    private readonly rpc: RpcClient,
    @Inject(EventBus) private readonly events: EventBus,
    @Inject(CONFIG) private readonly config: PropertiesConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** An invoice went overdue: its tours pause; the provider and the client are told by email. */
  async overdue(event: HostingInvoiceOverdueV1, tx: EntityManager): Promise<void> {
    await this.tours.lock(tx, event.providerId, event.propertyIds);
    const known = !(await this.tours.recordOverdue(tx, event));
    if (known) return;
    const paused = await this.apply(
      tx,
      event.providerId,
      event.propertyIds,
      event.invoiceId,
      'invoice_overdue',
    );
    if (paused.length > 0) await this.mail(event, paused);
  }

  /** A paid or voided invoice no longer pauses its tours (another unpaid invoice of a tour still does). */
  async invoiceChanged(event: HostingInvoiceChangedV1, tx: EntityManager): Promise<void> {
    if (event.status !== 'paid' && event.status !== 'void') return;
    const ids = [
      ...new Set([
        ...event.propertyIds,
        ...(await this.tours.propertyIdsOf(tx, event.providerId, event.invoiceId)),
      ]),
    ];
    await this.tours.lock(tx, event.providerId, ids);
    await this.tours.settle(tx, event.providerId, event.invoiceId);
    await this.apply(tx, event.providerId, ids, event.invoiceId, REASON_OF_STATUS[event.status]);
  }

  /** The provider exempts a tour from pausing (it comes back at once), or ends the exemption. */
  async setExempt(providerId: string, propertyId: string, exempt: boolean): Promise<HostingStateResponse> {
    if (!isUuid(propertyId)) throw ApiError.notFound(PROPERTY_NOT_FOUND);
    return this.db.transaction(async (tx) => {
      const [tour] = await this.tours.lock(tx, providerId, [propertyId]);
      if (!tour) throw ApiError.notFound(PROPERTY_NOT_FOUND);
      await this.tours.setExempt(tx, propertyId, exempt);
      await this.apply(tx, providerId, [propertyId], null, exempt ? 'exempted' : 'unexempted');
      const [after] = await this.tours.lock(tx, providerId, [propertyId]);
      return {
        exempt: after!.hostingExempt,
        paused: after!.hostingPausedAt !== null,
        pausedAt: after!.hostingPausedAt?.toISOString() ?? null,
      };
    });
  }

  /**
   * Brings each tour to what its invoices and exemption say, announcing each pause and resume; the titles of the
   * tours it paused. The caller holds the tours' locks.
   */
  private async apply(
    tx: EntityManager,
    providerId: string,
    ids: string[],
    invoiceId: string | null,
    reason: HostingTourReason,
  ): Promise<string[]> {
    const paused: string[] = [];
    for (const tour of await this.tours.lock(tx, providerId, ids)) {
      const change = hostingChange(tour);
      if (!change) continue;
      await this.tours.setPaused(tx, tour.id, change === 'pause');
      const pausing = change === 'pause';
      await this.events.publish(
        pausing ? 'properties.hosting.tour.paused.v1' : 'properties.hosting.tour.resumed.v1',
        {
          providerId,
          propertyId: tour.id,
          // A tour paused by its exemption's end: the invoice still pausing it.
          invoiceId: pausing ? tour.overdueInvoiceId : invoiceId,
          reason: pausing && reason === 'unexempted' ? 'unexempted' : reason,
        },
        tx,
      );
      if (pausing) paused.push(tour.title);
    }
    return paused;
  }

  /**
   * The provider's admins and the client (the hosting customer's email) are told which tours paused and how to pay;
   * a failed send throws, so the event is tried again (an address mailed before may get it twice, rather than one
   * never getting it).
   */
  private async mail(event: HostingInvoiceOverdueV1, tourTitles: string[]): Promise<void> {
    const [addresses, admins] = await Promise.all([
      this.rpc.ask<ProviderAddresses>(PROVIDER_ADDRESSES, { providerId: event.providerId }).catch(() => null),
      this.rpc
        .ask<PeopleProfiles>(PEOPLE_PROFILES, { providerId: event.providerId, userIds: [], admins: true })
        .catch((error: unknown) => {
          this.logger.warn({ err: error }, 'identity did not say the admins; only the client is mailed');
          return { people: [] };
        }),
    ]);
    const emails = pausedTourEmails({
      providerName: addresses?.name ?? 'your provider',
      customerName: event.customerName,
      invoiceNumber: event.number,
      amount: amountText(event.amountDue, event.currency),
      dueDate: event.dueDate?.slice(0, 10) ?? null,
      payUrl: event.hostedInvoiceUrl,
      tourTitles,
      hostingFeesUrl: `${this.config.APP_URL}/provider/hosting_fees`,
    });
    for (const admin of admins.people) await this.mailer.send({ to: admin.email, ...emails.provider });
    await this.mailer.send({ to: event.customerEmail, ...emails.client });
  }
}
