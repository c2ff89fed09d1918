import { Inject, Injectable } from '@nestjs/common';
import { Database, EventBus, Schedules, type PeriodicTask } from '@tourly/platform';
import type { EntityManager } from 'typeorm';
import { HostingRepository } from './hosting.repository';

export const OVERDUE_SWEEP_EVERY_MS = 60_000;
const PAGE = 100;

/**
 * The autopilot's clock: an open hosting-fee invoice past its due date is overdue (the subscription's
 * `days_until_due` is the grace period the provider gave), announced once (`billing.hosting.invoice.overdue.v1`):
 * properties pauses the subscription's tours. Found two ways, whichever comes first: Stripe's `invoice.overdue`
 * Connect event (Stripe's clock, test clocks included), and this sweep every minute on billing's clock (a Stripe
 * that never says it). One replica at a time; each invoice is claimed with SKIP LOCKED and marked in the
 * transaction that announces it.
 */
@Injectable()
export class HostingOverdueService {
  private readonly task: PeriodicTask;

  constructor(
    private readonly db: Database,
    private readonly hosting: HostingRepository,
    @Inject(EventBus) private readonly events: EventBus,
    schedules: Schedules,
  ) {
    this.task = schedules.every('hosting overdue sweep', OVERDUE_SWEEP_EVERY_MS, () => this.sweep(), {
      exclusiveLock: 'billing.hosting_invoices.overdue',
    });
  }

  /** A run that starts after this call; how many invoices it announced overdue. */
  runNow(): Promise<number> {
    return this.task.runNow();
  }

  /** Announces the invoice overdue unless it is no longer open or was already announced. */
  async announce(tx: EntityManager, invoiceId: string): Promise<boolean> {
    const invoice = await this.hosting.markOverdue(tx, invoiceId);
    if (!invoice) return false;
    await this.events.publish(
      'billing.hosting.invoice.overdue.v1',
      {
        providerId: invoice.providerId,
        invoiceId: invoice.id,
        subscriptionId: invoice.subscriptionId,
        customerId: invoice.customerId,
        customerName: invoice.customerName,
        customerEmail: invoice.customerEmail,
        number: invoice.number,
        amountDue: invoice.amountDue,
        currency: invoice.currency,
        dueDate: invoice.dueDate?.toISOString() ?? null,
        hostedInvoiceUrl: invoice.hostedInvoiceUrl,
        propertyIds: invoice.propertyIds,
      },
      tx,
    );
    return true;
  }

  private async sweep(): Promise<number> {
    let announced = 0;
    for (;;) {
      const count = await this.db.transaction(async (tx) => {
        const ids = await this.hosting.dueInvoices(tx, PAGE);
        for (const id of ids) await this.announce(tx, id);
        return ids.length;
      });
      announced += count;
      if (count < PAGE) return announced;
    }
  }
}
