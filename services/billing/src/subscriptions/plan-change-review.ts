import { Injectable } from '@nestjs/common';
import {
  PLAN_CHANGE_REVIEW,
  type PlanChangeReview as Review,
  type PlanChangeReviewRequest,
  type ProductCode,
} from '@tourly/contracts';
import { RpcClient } from '@tourly/platform';
import type { WithdrawalsResponse } from './subscriptions.dto';

/**
 * Properties' side of a downgrade's review, asked over request-reply: which tours and websites the new plan would
 * stop if it were in force now (properties applies the same rules when it is). Properties out of reach is a 503 the
 * person can retry: a review that cannot list what stops is not shown as if nothing did.
 */
@Injectable()
export class PlanChangeReview {
  constructor(private readonly rpc: RpcClient) {}

  async of(providerId: string, productCode: ProductCode, at: string | null): Promise<WithdrawalsResponse> {
    const request: PlanChangeReviewRequest = { providerId, productCode };
    const review = await this.rpc.ask<Review>(PLAN_CHANGE_REVIEW, request);
    return { at, ...review };
  }
}
