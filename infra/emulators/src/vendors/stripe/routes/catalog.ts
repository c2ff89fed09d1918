import type Stripe from 'stripe';
import { invalidParam, invalidRequest, missingParam } from '../errors';
import { snapshot } from '../events';
import type { StripeEngine } from '../engine';
import type { Route } from '../http';
import { newId, randomToken } from '../ids';
import { newPrice, newProduct } from '../objects';
import { mergeMetadata, type Params } from '../params';
import { inRange, paginate } from '../present';
import { realNow } from '../time';
import { equals, where } from './common';

/** Products, prices, coupons and promotion codes. */
export function catalogRoutes(engine: StripeEngine): Route[] {
  const { store, events } = engine;
  const product = (id: string, param = 'id') => store.get(store.products, id, 'product', param);
  const coupon = (id: string, param = 'id') => store.get(store.coupons, id, 'coupon', param);

  function setLookupKey(price: Stripe.Price, params: Params): void {
    const lookupKey = params.nullableStr('lookup_key');
    if (lookupKey === undefined) return;
    if (lookupKey !== null) {
      const holder = [...store.prices.values()].find((p) => p.lookup_key === lookupKey && p.id !== price.id);
      if (holder) {
        if (!params.bool('transfer_lookup_key')) {
          throw invalidRequest(`A price (\`${holder.id}\`) already uses that lookup key.`, 'lookup_key');
        }
        const before = snapshot(holder);
        holder.lookup_key = null;
        events.emitUpdated('price.updated', holder, before);
      }
    }
    price.lookup_key = lookupKey;
  }

  return [
    {
      method: 'POST',
      url: '/products',
      handler: ({ params }) => {
        const id = params.str('id') ?? `prod_${randomToken(14)}`;
        if (store.products.has(id))
          throw invalidRequest('Product already exists.', 'id', 'resource_already_exists');
        const created = newProduct(id, params.reqStr('name'), realNow());
        updateProduct(created, params);
        store.put(store.products, created);
        events.emit('product.created', created);
        return created;
      },
    },
    { method: 'GET', url: '/products/:id', handler: ({ path }) => product(path.id!) },
    {
      method: 'POST',
      url: '/products/:id',
      handler: ({ path, params }) => {
        const found = product(path.id!);
        if (params.str('name') === '')
          throw invalidParam(
            "You passed an empty string for 'name'. We assume empty values are an attempt to unset a parameter; however 'name' cannot be unset. You should remove 'name' from your request or supply a non-empty value.",
            'name',
          );
        const before = snapshot(found);
        updateProduct(found, params);
        found.updated = realNow();
        events.emitUpdated('product.updated', found, before);
        return found;
      },
    },
    {
      method: 'POST',
      url: '/prices',
      handler: ({ params }) => {
        let productId = params.str('product');
        const productData = params.obj('product_data');
        if (!productId && productData) {
          const created = store.put(
            store.products,
            newProduct(`prod_${randomToken(14)}`, productData.reqStr('name'), realNow()),
          );
          created.metadata = mergeMetadata({}, productData.metadata());
          events.emit('product.created', created);
          productId = created.id;
        }
        if (!productId) throw missingParam('product');
        product(productId, 'product');
        const recurring = params.obj('recurring');
        const interval = recurring?.oneOf('interval', ['day', 'week', 'month', 'year'] as const);
        if (recurring && !interval) throw missingParam('recurring[interval]');
        const unitAmount = params.int('unit_amount');
        if (unitAmount === undefined) throw missingParam('unit_amount');
        if (unitAmount < 0)
          throw invalidParam('This value must be greater than or equal to 0.', 'unit_amount');
        const price = newPrice({
          product: productId,
          currency: params.reqStr('currency').toLowerCase(),
          unit_amount: unitAmount,
          recurring: interval ? { interval, interval_count: recurring?.int('interval_count') ?? 1 } : null,
          created: realNow(),
        });
        price.active = params.bool('active') ?? true;
        price.nickname = params.str('nickname') ?? null;
        price.metadata = mergeMetadata({}, params.metadata());
        price.tax_behavior =
          params.oneOf('tax_behavior', ['exclusive', 'inclusive', 'unspecified']) ?? 'unspecified';
        setLookupKey(price, params);
        store.put(store.prices, price);
        events.emit('price.created', price);
        return price;
      },
    },
    { method: 'GET', url: '/prices/:id', handler: ({ path }) => store.price(path.id!, 'id') },
    {
      method: 'GET',
      url: '/prices',
      handler: ({ params }) => {
        const lookupKeys = params.strList('lookup_keys');
        const recurring = params.obj('recurring');
        const items = where(
          store.prices.values(),
          equals(params.str('product'), (p) => p.product),
          equals(params.bool('active'), (p) => p.active),
          equals(params.str('currency')?.toLowerCase(), (p) => p.currency),
          equals(params.str('type'), (p) => p.type),
          equals(recurring?.str('interval'), (p) => p.recurring?.interval),
          lookupKeys && ((p) => p.lookup_key !== null && lookupKeys.includes(p.lookup_key)),
          (p) => inRange(p.created, params, 'created'),
        );
        return paginate(store.newestFirst(items), params, '/v1/prices');
      },
    },
    {
      method: 'POST',
      url: '/coupons',
      handler: ({ params }) => {
        const id = params.str('id') ?? randomToken(8);
        if (store.coupons.has(id))
          throw invalidRequest('Coupon already exists.', 'id', 'resource_already_exists');
        const percentOff = params.num('percent_off');
        const amountOff = params.int('amount_off');
        if ((percentOff === undefined) === (amountOff === undefined)) {
          throw invalidRequest(
            'You must pass either percent_off or amount_off (and not both).',
            'percent_off',
          );
        }
        if (percentOff !== undefined && (percentOff <= 0 || percentOff > 100)) {
          throw invalidParam('percent_off must be greater than 0 and at most 100.', 'percent_off');
        }
        const currency = params.str('currency')?.toLowerCase() ?? null;
        if (amountOff !== undefined && !currency) throw missingParam('currency');
        const duration = params.oneOf('duration', ['once', 'repeating', 'forever'] as const) ?? 'once';
        const months = params.int('duration_in_months') ?? null;
        if (duration === 'repeating' && !months) throw missingParam('duration_in_months');
        const created: Stripe.Coupon = {
          id,
          object: 'coupon',
          amount_off: amountOff ?? null,
          created: realNow(),
          currency: amountOff !== undefined ? currency : null,
          duration,
          duration_in_months: duration === 'repeating' ? months : null,
          livemode: false,
          max_redemptions: params.int('max_redemptions') ?? null,
          metadata: mergeMetadata({}, params.metadata()),
          name: params.str('name') ?? null,
          percent_off: percentOff ?? null,
          redeem_by: params.int('redeem_by') ?? null,
          times_redeemed: 0,
          valid: true,
        };
        store.put(store.coupons, created);
        events.emit('coupon.created', created);
        return created;
      },
    },
    { method: 'GET', url: '/coupons/:id', handler: ({ path }) => coupon(path.id!) },
    {
      method: 'POST',
      url: '/promotion_codes',
      handler: ({ params }) => {
        const promotion = params.obj('promotion');
        const couponId = promotion?.str('coupon') ?? params.str('coupon');
        if (!couponId) throw missingParam('promotion[coupon]');
        coupon(couponId, promotion ? 'promotion[coupon]' : 'coupon');
        const code = params.str('code') ?? randomToken(8).toUpperCase();
        const active = params.bool('active') ?? true;
        const clash = [...store.promotionCodes.values()].some(
          (p) => p.active && p.code.toLowerCase() === code.toLowerCase(),
        );
        if (active && clash) {
          throw invalidRequest(
            `An active promotion code with \`code: ${code}\` already exists.`,
            'code',
            'resource_already_exists',
          );
        }
        const restrictions = params.obj('restrictions');
        const customer = params.str('customer') ?? null;
        if (customer) store.customer(customer);
        const created: Stripe.PromotionCode = {
          id: newId('promo'),
          object: 'promotion_code',
          active,
          code,
          created: realNow(),
          customer,
          customer_account: null,
          expires_at: params.int('expires_at') ?? null,
          livemode: false,
          max_redemptions: params.int('max_redemptions') ?? null,
          metadata: mergeMetadata({}, params.metadata()),
          promotion: { coupon: couponId, type: 'coupon' },
          restrictions: {
            first_time_transaction: restrictions?.bool('first_time_transaction') ?? false,
            minimum_amount: restrictions?.int('minimum_amount') ?? null,
            minimum_amount_currency: restrictions?.str('minimum_amount_currency') ?? null,
          },
          times_redeemed: 0,
        };
        store.put(store.promotionCodes, created);
        events.emit('promotion_code.created', created);
        return created;
      },
    },
    {
      method: 'GET',
      url: '/promotion_codes',
      handler: ({ params }) => {
        const code = params.str('code')?.toLowerCase();
        const items = where(
          store.promotionCodes.values(),
          code === undefined ? undefined : (p) => p.code.toLowerCase() === code,
          equals(params.bool('active'), (p) => p.active),
          equals(params.str('coupon'), (p) => p.promotion.coupon),
          equals(params.str('customer'), (p) => p.customer),
          (p) => inRange(p.created, params, 'created'),
        );
        return paginate(store.newestFirst(items), params, '/v1/promotion_codes');
      },
    },
  ];
}

function updateProduct(product: Stripe.Product, params: Params): void {
  const name = params.str('name');
  if (name) product.name = name;
  const description = params.nullableStr('description');
  if (description !== undefined) product.description = description;
  const active = params.bool('active');
  if (active !== undefined) product.active = active;
  product.metadata = mergeMetadata(product.metadata, params.metadata());
  const images = params.strList('images');
  if (images) product.images = images;
  const unitLabel = params.nullableStr('unit_label');
  if (unitLabel !== undefined) product.unit_label = unitLabel;
}
