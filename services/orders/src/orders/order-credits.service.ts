import { Injectable, Logger } from '@nestjs/common';
import { CREDITS_CAPTURE, CREDITS_RELEASE, type CreditsSettleRequest } from '@tourly/contracts';
import { ApiError, RpcClient } from '@tourly/platform';
import { creditsReference } from './orders.service';

/** Settles an order's held credits with billing, once it is delivered or cancelled. */
@Injectable()
export class OrderCreditsService {
  private readonly logger = new Logger(OrderCreditsService.name);

  constructor(private readonly rpc: RpcClient) {}

  /**
   * Captures (delivered) or releases (cancelled) the order's hold. Billing not answering fails the delivery of the
   * event, which is retried. A hold billing no longer has as held (it expired, or an amendment had none) cannot be
   * settled by trying again: that is logged and the event is done.
   */
  async settle(
    how: 'capture' | 'release',
    order: { providerId: string; orderId: string; credits: number },
  ): Promise<void> {
    if (order.credits === 0) return;
    const request: CreditsSettleRequest = {
      providerId: order.providerId,
      reference: creditsReference(order.orderId),
    };
    try {
      await this.rpc.ask(how === 'capture' ? CREDITS_CAPTURE : CREDITS_RELEASE, request);
    } catch (error) {
      if (error instanceof ApiError && (error.getStatus() === 404 || error.getStatus() === 409)) {
        this.logger.warn(
          `could not ${how} the credits of order ${order.orderId}: ${JSON.stringify(error.errors)}`,
        );
        return;
      }
      throw error;
    }
  }
}
