import { ApiError } from '../../../api/errors';
import { MESSAGES } from '../../../shared/strings';
import {
  previewPublish,
  publish,
  withoutPayment,
  type Price,
  type Property,
  type PublishedFeatures,
  type PublishPreview,
} from './api';

export type PublishOutcome =
  | { kind: 'saved'; property: Property }
  | { kind: 'refused'; reason: string }
  | { kind: 'payment'; preview: PublishPreview; price: Price };

/** Asks first (POST preview_publish), then publishes (PUT published_features) only what is allowed. */
export async function applyFeatures(
  propertyId: string,
  features: Partial<PublishedFeatures>,
): Promise<PublishOutcome> {
  try {
    const preview = await previewPublish(propertyId, features);
    // The backend adds payment_required and price for a full premium-tour quota: until then, absent.
    if (preview.paymentRequired === true && preview.price)
      return { kind: 'payment', preview, price: preview.price };
    if (!preview.allowed) return { kind: 'refused', reason: preview.reason ?? MESSAGES.somethingWentWrong };
    return {
      kind: 'saved',
      property: withoutPayment(await publish(propertyId, { publishedFeatures: features })),
    };
  } catch (error) {
    // The plan's refusals (403 free plan, 422 quota full) as they are worded, with the way out beside them.
    if (error instanceof ApiError && (error.status === 403 || error.status === 422) && error.fields.base) {
      return { kind: 'refused', reason: error.fields.base.join(' ') };
    }
    throw error;
  }
}
