import type Stripe from 'stripe';
import { invalidParam, missingParam } from '../errors';
import type { StripeEngine } from '../engine';
import type { Route } from '../http';
import { newId, randomToken } from '../ids';
import { mergeMetadata } from '../params';
import { inRange, paginate } from '../present';
import { DAY, realNow } from '../time';
import { matchesEventType } from '../webhooks';
import { deleted, where } from './common';

/** Events, webhook endpoints and test clocks. */
export function platformRoutes(engine: StripeEngine): Route[] {
  const { store, events, clockwork } = engine;
  const clock = (id: string) => store.get(store.clocks, id, 'test_clock');

  return [
    {
      method: 'GET',
      url: '/events',
      handler: ({ params }) => {
        const type = params.str('type');
        const types = params.strList('types');
        const items = where(
          store.events.values(),
          type === undefined ? undefined : (e) => matchesEventType(type, e.type),
          types === undefined ? undefined : (e) => types.includes(e.type),
          (e) => inRange(e.created, params, 'created'),
        );
        return paginate(store.newestFirst(items), params, '/v1/events');
      },
    },
    { method: 'GET', url: '/events/:id', handler: ({ path }) => store.get(store.events, path.id!, 'event') },
    {
      method: 'POST',
      url: '/webhook_endpoints',
      handler: ({ params }) => {
        const url = params.reqStr('url');
        if (!/^https?:\/\//.test(url))
          throw invalidParam('Invalid URL: URL must be publicly accessible.', 'url', 'url_invalid');
        const enabledEvents = params.strList('enabled_events');
        if (!enabledEvents?.length) throw missingParam('enabled_events');
        const created: Stripe.WebhookEndpoint = {
          id: newId('we'),
          object: 'webhook_endpoint',
          api_version: params.str('api_version') ?? null,
          application: null,
          created: realNow(),
          description: params.str('description') ?? null,
          enabled_events: enabledEvents,
          livemode: false,
          metadata: mergeMetadata({}, params.metadata()),
          secret: `whsec_${randomToken(32)}`,
          status: 'enabled',
          url,
        };
        store.put(store.webhookEndpoints, created);
        if (params.bool('connect')) store.connectEndpoints.add(created.id);
        return created;
      },
    },
    {
      method: 'GET',
      url: '/webhook_endpoints',
      handler: ({ params }) =>
        paginate(
          store.newestFirst(store.webhookEndpoints.values()).map(withoutSecret),
          params,
          '/v1/webhook_endpoints',
        ),
    },
    {
      method: 'POST',
      url: '/test_helpers/test_clocks',
      handler: ({ params }) => {
        const frozenTime = params.reqInt('frozen_time');
        const now = realNow();
        const created: Stripe.TestHelpers.TestClock = {
          id: newId('clock'),
          object: 'test_helpers.test_clock',
          created: now,
          deletes_after: now + 30 * DAY,
          frozen_time: frozenTime,
          livemode: false,
          name: params.str('name') ?? null,
          status: 'ready',
          status_details: {},
        };
        store.put(store.clocks, created);
        events.emit('test_helpers.test_clock.created', created);
        return created;
      },
    },
    { method: 'GET', url: '/test_helpers/test_clocks/:id', handler: ({ path }) => clock(path.id!) },
    {
      method: 'DELETE',
      url: '/test_helpers/test_clocks/:id',
      handler: ({ path }) => {
        const found = clock(path.id!);
        engine.deleteClock(found);
        return deleted(found.id, 'test_helpers.test_clock');
      },
    },
    {
      method: 'POST',
      url: '/test_helpers/test_clocks/:id/advance',
      handler: ({ path, params }) => clockwork.advance(clock(path.id!), params.reqInt('frozen_time')),
    },
  ];
}

/** Stripe shows an endpoint's secret only in the answer to its creation. */
function withoutSecret(endpoint: Stripe.WebhookEndpoint): Stripe.WebhookEndpoint {
  const { secret: _secret, ...rest } = endpoint;
  return rest;
}
