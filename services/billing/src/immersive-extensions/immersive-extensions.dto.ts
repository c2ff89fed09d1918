import { OptionalString, PageQuery } from '@tourly/platform';

/** `GET /provider/billing/immersive_extensions`: paged, `search` in the tours' titles. */
export class ImmersiveExtensionsQuery extends PageQuery {
  @OptionalString(200)
  search?: string;
}
