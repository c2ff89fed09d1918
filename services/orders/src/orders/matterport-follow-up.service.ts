import { Inject, Injectable, Logger } from '@nestjs/common';
import type { MatterportPlan } from '@tourly/contracts';
import { CONFIG, Database, Schedules, uuidv7, type PeriodicTask } from '@tourly/platform';
import type { OrdersConfig } from '../config';
import { MatterportPlans } from './matterport-plans';
import { OrderFilesRepository } from './order-files.repository';
import { OrdersRepository, type OrderRow } from './orders.repository';
import { matterportFailure } from './orders.rules';
import { OrdersService } from './orders.service';

/** How many of Matterport's orders one round asks after. */
const BATCH = 25;

/**
 * Follows the orders Matterport draws: every `MATTERPORT_FOLLOW_UP_SECONDS` (one replica at a time), each order still
 * in progress at Matterport is asked after; a completed plan's files are copied into the platform's bucket and the
 * order delivered (credits captured, the plans the provider's variants), a failed one cancelled with Matterport's
 * reason (credits released). It reads only what the database says is at Matterport, so a restart loses nothing: the
 * next round picks up where the last stopped, and a file copied twice lands on the same key.
 */
@Injectable()
export class MatterportFollowUp {
  private readonly logger = new Logger(MatterportFollowUp.name);
  private readonly task: PeriodicTask;

  constructor(
    private readonly db: Database,
    private readonly orders: OrdersRepository,
    private readonly files: OrderFilesRepository,
    private readonly ordersService: OrdersService,
    private readonly plans: MatterportPlans,
    @Inject(CONFIG) config: OrdersConfig,
    schedules: Schedules,
  ) {
    this.task = schedules.every(
      "Matterport's plans follow-up",
      config.MATTERPORT_FOLLOW_UP_SECONDS * 1000,
      () => this.followAll(),
      { exclusiveLock: 'orders.matterport_follow_up' },
    );
  }

  /** A round that starts after this call; how many orders it delivered or cancelled. */
  runNow(): Promise<number> {
    return this.task.runNow();
  }

  private async followAll(): Promise<number> {
    let settled = 0;
    for (const id of await this.orders.atMatterport(BATCH)) {
      try {
        if (await this.follow(id)) settled += 1;
      } catch (error) {
        // Matterport or properties not answering, or the account disconnected: asked again next round.
        this.logger.warn(`order ${id} at Matterport: ${String(error)}`);
      }
    }
    return settled;
  }

  private async follow(id: string): Promise<boolean> {
    const order = await this.orders.find(id);
    if (!order?.matterportModelId || order.status !== 'in_progress') return false;
    const plan = await this.plans.status(order.providerId, order.matterportModelId);
    if (plan.status === 'completed') return this.deliver(order, plan.files);
    if (plan.status === 'failed' || plan.status === 'none') {
      const why =
        plan.status === 'failed' ? plan.failureReason : 'Matterport has no order of this plan any more.';
      return this.cancel(order, matterportFailure(why));
    }
    return false;
  }

  /** Copies the plan's files in, then delivers the order with them (unless someone cancelled it meanwhile). */
  private async deliver(order: OrderRow, files: MatterportPlan['files']): Promise<boolean> {
    if (files.length === 0) return false;
    const stored = await this.plans.copyIn(order, files, 'matterport');
    return this.db.transaction(async (tx) => {
      const current = await this.orders.lock(tx, order.id);
      if (current?.status !== 'in_progress') return false;
      for (const file of stored)
        await this.files.insert(tx, {
          id: uuidv7(),
          orderId: order.id,
          role: 'delivered',
          ...file,
          uploadedBy: null,
        });
      await this.ordersService.apply(tx, current, 'finalise', null);
      return true;
    });
  }

  /** Cancels the order with Matterport's reason (its credits released), unless someone settled it meanwhile. */
  private cancel(order: OrderRow, reason: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const current = await this.orders.lock(tx, order.id);
      if (current?.status !== 'in_progress') return false;
      await this.ordersService.apply(tx, current, 'cancel', null, reason);
      return true;
    });
  }
}
