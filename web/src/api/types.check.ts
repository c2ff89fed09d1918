/**
 * Compile-time checks of the API type helpers (`npm run typecheck` fails when one breaks): the camelCasing matches
 * `toCamelCase` (libs/contracts' rule, whose examples are in libs/contracts/test/case-examples.ts), and an answer read from the generated document has the shape the pages get.
 */
import { api } from './client';
import type { Answer, CamelCase, CamelKeys } from './types';

type Equal<A, B> = (<X>() => X extends A ? 1 : 2) extends <X>() => X extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

export type Checks = [
  Expect<Equal<CamelCase<'current_page'>, 'currentPage'>>,
  Expect<Equal<CamelCase<'last_replayed_at'>, 'lastReplayedAt'>>,
  Expect<Equal<CamelCase<'_destroy'>, '_destroy'>>,
  Expect<Equal<CamelCase<'address_line_2'>, 'addressLine_2'>>,
  Expect<Equal<CamelCase<'address_line2'>, 'addressLine2'>>,
  Expect<Equal<CamelCase<'line_1'>, 'line_1'>>,
  Expect<Equal<CamelCase<'s3_key'>, 's3Key'>>,
  Expect<Equal<CamelCase<'utm_source'>, 'utmSource'>>,
  Expect<
    Equal<
      CamelKeys<{ total_count: number; items: { price_cents: number }[] }>,
      { totalCount: number; items: { priceCents: number }[] }
    >
  >,
  Expect<
    Equal<Answer<'/admin/events/billing/dead_letters', 'get'>['items'][number]['eventId'], string | null>
  >,
  Expect<Equal<Answer<'/admin/events/billing/dead_letters/replay', 'post'>['stillParked'], number>>,
];

/** The client's calls are checked against the document: never called, only compiled. */
export function typedCalls(): Promise<{ title: string }> {
  // @ts-expect-error: a path the document does not declare
  void api.get('/provider/nowhere');
  // @ts-expect-error: a path with a parameter needs its value
  void api.get('/provider/properties/{id}');
  // @ts-expect-error: the answer is a property, not a page
  void api.get('/provider/properties/{id}', { params: { id: 'x' } }).then((answer) => answer.items);
  return api.get('/provider/properties/{id}', { params: { id: 'x' } });
}
