import { randomBytes } from 'node:crypto';
import type { FastifyError, FastifyPluginAsync } from 'fastify';
import {
  floorplanImage,
  floorplanSvg,
  FLOORPLAN_LANGUAGES,
  matterpakZip,
  type FloorplanStyle,
} from './floorplan';
import { idFrom, modelsOfAccount, SWEEP_ID_ALPHABET, type AccountModel, type AccountRef } from './models';
import {
  checkSignedLink,
  isoSeconds,
  notFound,
  refuseSignedLink,
  requestInvalid,
  s3Error,
  signedQuery,
} from './signed-links';

/*
 * Matterport's add-ons ("bundles") as the Model API sells them, after
 * https://matterport.github.io/developer-docs/api/model/ordering-addons/ (its sample queries and mutations; the
 * reference itself, api.matterport.com/model/docs/reference, was not to hand, so the type names below are the
 * emulator's where that page shows none):
 *
 * - `model(id) { bundles { … } bundle(id) { … } }`: each bundle's `id`, `name`, `description`, `availability`,
 *   `availableOptions { key values description }` (the page's 2024 replacement of `supportedOptions`), `assets { id
 *   url validUntil format filename status }` (the page's `Asset` fragment) and `processing { bundleId organizationId
 *   status lastModified failureCode failureReason }` (the page's "Order Statuses" query).
 * - `unlockModelBundle(id, bundleId, bundleOptions: [{key, value}])`: the purchase, answering the bundle.
 *
 * Availability: `unlocked` (ordered, being made or made: the page's sample answers a bought Matterpak `unlocked`) or
 * `gated` (for sale); Matterport's schema also has `blocked` and `disabled` (add-ons an account may not buy), which no
 * emulated account has. An asset's status is `available` (Matterport's also has `locked` and `unavailable`). The
 * order's `processing.status` is `pending` until the plan is delivered, then `completed`, or `failed` (with
 * `failureCode` and `failureReason`), after which the bundle is `gated` again and may be ordered anew.
 *
 * Ordering a bundle that is already unlocked (pending or completed) orders nothing: the page sells a Matterpak with
 * the very mutation that "returns a signed url to download it if the asset has been created", so unlocking again
 * answers the bundle as it is, assets and all. The emulator refuses it, though, when the options differ from the
 * order's (Matterport's answer would silently not be what was asked for).
 *
 * The page says TruePlans (like BIM and CAD files) "cannot be purchased via Model API": `trueplan:schematic` is
 * listed (`gated`: it is for sale, in Matterport Cloud) and refused by `unlockModelBundle`.
 */

/** The add-ons every emulated model offers, by their Model API ids. */
export const BUNDLE_IDS = ['floorplan:schematic', 'trueplan:schematic', 'mp:matterpak'] as const;
export type BundleId = (typeof BUNDLE_IDS)[number];

/** How long an asset's signed link is good for (`validUntil`), in seconds. */
export const BUNDLE_ASSET_URL_TTL_S = 3600;

/** How long an order takes to be delivered unless the vendor is told otherwise (`bundleProcessingMs`). */
export const BUNDLE_PROCESSING_MS = 5000;

/** The longest processing delay the controls accept: a week (Matterport's normal floor plan takes two days). */
const MAX_PROCESSING_MS = 7 * 24 * 3600 * 1000;

/** The key asset links are signed with (`signedQuery`: a constant, so a link outlives a restart). */
const SIGNING_KEY = 'tourly-emulators/matterport/bundle-assets';

const FAILURE_CODE = 'processing.failed';

interface OptionSpec {
  key: string;
  values: readonly string[];
  description: string;
  /** The value of an order that does not give the option. */
  defaultFor(model: AccountModel): string;
}

type AssetFormat = 'png' | 'jpg' | 'svg' | 'zip';

interface BundleSpec {
  id: BundleId;
  name: string;
  description: string;
  /** Why the Model API will not sell it, when it will not. */
  notForSale?: string;
  options: readonly OptionSpec[];
  /** The files of a delivered order. */
  formats: readonly AssetFormat[];
  /** What a failed order's `failureReason` says unless the control that failed it says otherwise. */
  failureReason: string;
}

const BOOLEAN = ['false', 'true'] as const;
const no = () => 'false';

/**
 * The options of a schematic floor plan (v2.0), as the ordering page lists them; `logo_attachment_id` is left out
 * (the emulator keeps no attachments to check an id against, so it is refused as unknown). `unit_type` has no default
 * on the page: the emulator takes imperial for a model in the United States, metric elsewhere.
 */
const SCHEMATIC_OPTIONS: readonly OptionSpec[] = [
  { key: 'color', values: BOOLEAN, description: 'Rooms in colour (priced higher)', defaultFor: no },
  {
    key: 'delivery_time',
    values: ['normal', 'fast', 'urgent'],
    description:
      'normal: within 2 business days; fast: within 1 (priced higher); urgent: within 6 hours (priced higher)',
    defaultFor: () => 'normal',
  },
  { key: 'furniture', values: BOOLEAN, description: 'Furniture drawn in (priced higher)', defaultFor: no },
  { key: 'hide_dimensions', values: BOOLEAN, description: 'No dimensions on the rooms', defaultFor: no },
  {
    key: 'hide_internal_area',
    values: BOOLEAN,
    description: 'No total area under the plan',
    defaultFor: no,
  },
  {
    key: 'language',
    values: FLOORPLAN_LANGUAGES,
    description: "The plan's language",
    defaultFor: () => 'en',
  },
  {
    key: 'unit_type',
    values: ['imperial', 'metric', 'both'],
    description: 'The units of the dimensions',
    defaultFor: (model) => (model.address?.country === 'US' ? 'imperial' : 'metric'),
  },
  {
    key: 'use_custom_showcase_labels',
    values: BOOLEAN,
    description: 'Room names as edited in Showcase',
    defaultFor: no,
  },
  {
    key: 'use_showcase_orientation',
    values: BOOLEAN,
    description: "Showcase's floor plan orientation rather than a standard one",
    defaultFor: no,
  },
  { key: 'use_six_inch_wall_thickness', values: BOOLEAN, description: 'Six-inch walls', defaultFor: no },
];

const BUNDLES: readonly BundleSpec[] = [
  {
    id: 'floorplan:schematic',
    name: 'Schematic Floorplan',
    description: 'Order a schematic floor plan of the model (JPG, PNG, SVG).',
    options: SCHEMATIC_OPTIONS,
    formats: ['png', 'jpg', 'svg'],
    failureReason: 'The floor plan team could not draw a plan of this space.',
  },
  {
    id: 'trueplan:schematic',
    name: 'TruePlan™ Schematic',
    description: 'Order a TruePlan™ schematic for Xactimate.',
    notForSale: 'trueplan:schematic cannot be purchased via Model API; order TruePlans in Matterport Cloud',
    options: [],
    formats: [],
    failureReason: 'The TruePlan could not be drawn.',
  },
  {
    id: 'mp:matterpak',
    name: 'Matterpak',
    description: 'Order high resolution assets associated with the model.',
    options: [],
    formats: ['zip'],
    failureReason: 'The Matterpak could not be generated for this model.',
  },
];

const CONTENT_TYPES: Record<AssetFormat, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  svg: 'image/svg+xml',
  zip: 'application/zip',
};

export type OrderStatus = 'pending' | 'completed' | 'failed';

/** One purchase of a bundle for a model, as the emulator remembers it. */
export interface BundleOrder {
  /** 25 lowercase letters and digits; the asset links' path holds it. */
  id: string;
  account: AccountRef;
  modelId: string;
  bundleId: BundleId;
  /** Every option of the bundle: those given, the defaults for the others. */
  options: Record<string, string>;
  /** ms since the epoch, by the vendor's clock. */
  orderedAt: number;
  /** When the order is delivered, or fails, unless a control settles it before. */
  readyAt: number;
  /** What happens at `readyAt` (`failed` when the order was placed while failures were pending). */
  outcome: 'completed' | 'failed';
  failureReason: string;
  /** Set when a control completed or failed the order before `readyAt`. */
  settled: { status: 'completed' | 'failed'; at: number } | null;
}

/** What the vendor saves of the bundles (`VendorState`): the orders, and the controls' settings. */
export interface BundlesState {
  /** Oldest first; a failed order stays listed when the bundle is ordered again. */
  orders: BundleOrder[];
  processingMs: number;
  /** The next orders that fail, and why. */
  failures: { remaining: number; reason: string | null } | null;
}

/** A bundle as the Model API answers it; `assets` is resolved (and its links signed) only when selected. */
export interface ModelBundle {
  id: BundleId;
  name: string;
  description: string;
  availability: 'unlocked' | 'gated';
  availableOptions: Array<{ key: string; values: string[]; description: string }>;
  processing: {
    bundleId: BundleId;
    organizationId: string;
    status: OrderStatus;
    lastModified: string;
    failureCode: string | null;
    failureReason: string | null;
  } | null;
  assets(): BundleAsset[];
}

export interface BundleAsset {
  id: string;
  /** `<base>/bundles/<order id>/<filename>?expires=<unix seconds>&signature=<hex>`. */
  url: string;
  /** When `url` expires: ISO 8601, UTC, to the second. */
  validUntil: string;
  format: AssetFormat;
  filename: string;
  status: 'available';
}

/**
 * The add-ons of every model, their orders and how the orders progress: an order is `pending` for the processing
 * delay (by the vendor's clock, looked at whenever an order is read: nothing runs in the background, so a test that
 * moves the clock moves the orders), then `completed` with its files, or `failed` when it was placed while the
 * controls had failures pending. The controls (`/_emulator/bundles`) complete or fail a pending order at once.
 */
export class MatterportBundles {
  private state: BundlesState;

  constructor(
    private readonly defaultProcessingMs: number,
    private readonly now: () => number,
  ) {
    this.state = this.emptyState();
  }

  save(): BundlesState {
    return this.state;
  }

  load(saved: BundlesState): void {
    this.state = { ...saved, orders: [...saved.orders] };
  }

  reset(): void {
    this.state = this.emptyState();
  }

  /** The model's bundles, in BUNDLE_IDS' order; `base` is the vendor's absolute URL, for the asset links. */
  bundlesOf(account: AccountRef, model: AccountModel, base: string): ModelBundle[] {
    return BUNDLES.map((spec) => this.present(account, model, spec, base));
  }

  /** One bundle of the model; an id no model offers is not found. */
  bundleOf(account: AccountRef, model: AccountModel, id: string, base: string): ModelBundle {
    return this.present(account, model, specOf(id), base);
  }

  /**
   * `unlockModelBundle`: orders the bundle for the model with the options given (each checked against the bundle's
   * `availableOptions`), or, when it is already unlocked with the same options, answers it as it is.
   */
  unlock(
    account: AccountRef,
    model: AccountModel,
    bundleId: string,
    bundleOptions: ReadonlyArray<{ key: string; value: string }> | null | undefined,
    base: string,
  ): ModelBundle {
    const spec = specOf(bundleId);
    if (spec.notForSale) throw requestInvalid(spec.notForSale);
    if (model.state !== 'active') {
      throw requestInvalid(`model ${model.id} is ${model.state}; add-ons are ordered for active models only`);
    }
    const options = resolveOptions(spec, model, bundleOptions ?? []);
    const current = this.currentOrder(account, model.id, spec.id);
    if (current && this.statusOf(current).status !== 'failed') {
      const differing = Object.keys(options).filter((key) => options[key] !== current.options[key]);
      if (differing.length > 0) {
        const given = differing.map((key) => `${key}: ${current.options[key]}`).join(', ');
        throw requestInvalid(`${spec.id} is already unlocked for model ${model.id}, ordered with ${given}`);
      }
      return this.present(account, model, spec, base);
    }
    const failure = this.takeFailure(spec);
    const orderedAt = this.now();
    this.state.orders.push({
      id: Array.from(randomBytes(25), (byte) => SWEEP_ID_ALPHABET[byte % SWEEP_ID_ALPHABET.length]).join(''),
      account,
      modelId: model.id,
      bundleId: spec.id,
      options,
      orderedAt,
      readyAt: orderedAt + this.state.processingMs,
      outcome: failure === undefined ? 'completed' : 'failed',
      failureReason: failure ?? spec.failureReason,
      settled: null,
    });
    return this.present(account, model, spec, base);
  }

  /** `GET /bundles/<order id>/<file>?expires&signature`: a delivered order's files, behind signed links. */
  readonly assetRoutes: FastifyPluginAsync = async (app) => {
    app.get<{ Params: { orderId: string; file: string }; Querystring: Record<string, unknown> }>(
      '/bundles/:orderId/:file',
      async (request, reply) => {
        const { orderId, file } = request.params;
        const order = this.state.orders.find((candidate) => candidate.id === orderId);
        const format =
          order && this.statusOf(order).status === 'completed'
            ? specOf(order.bundleId).formats.find((candidate) => filenameOf(order, candidate) === file)
            : undefined;
        const model =
          order && modelsOfAccount(order.account).find((candidate) => candidate.id === order.modelId);
        if (!order || !format || !model) {
          return s3Error(reply, 404, 'NoSuchKey', 'The specified key does not exist.');
        }
        const check = checkSignedLink(SIGNING_KEY, assetPath(order, format), request.query, this.now());
        const refused = refuseSignedLink(reply, check);
        if (refused) return refused;
        return reply
          .type(CONTENT_TYPES[format])
          .header('content-disposition', `attachment; filename="${file}"`)
          .send(await assetBody(order, model, format));
      },
    );
  };

  /**
   * The emulator's controls, under `/_emulator/bundles` (JSON): `GET /orders`; `POST /complete` and `POST /fail`
   * `{modelId, bundleId, reason?}` settle the model's pending order of the bundle now; `GET`/`POST /delay` `{ms}`
   * how long later orders take; `GET`/`POST`/`DELETE /failures` `{times, reason?}` the next orders that fail.
   */
  readonly controls: FastifyPluginAsync = async (app) => {
    app.setErrorHandler((error: FastifyError, _request, reply) => {
      void reply.code(error.statusCode ?? 500).send(controlError(error.message));
    });

    app.get('/orders', async () => ({ orders: this.state.orders.map((order) => this.describe(order)) }));

    for (const status of ['completed', 'failed'] as const) {
      app.post<{ Body: unknown }>(status === 'completed' ? '/complete' : '/fail', async (request, reply) => {
        const body = isRecord(request.body) ? request.body : {};
        const { modelId, bundleId, reason } = body;
        if (
          typeof modelId !== 'string' ||
          !isBundleId(bundleId) ||
          (reason !== undefined && (status === 'completed' || typeof reason !== 'string' || reason === ''))
        ) {
          const ids = BUNDLE_IDS.join(', ');
          const extra = status === 'failed' ? ', "reason"?: why, shown as failureReason' : '';
          return reply
            .code(400)
            .send(controlError(`Expected {"modelId", "bundleId": one of ${ids}${extra}}`));
        }
        const order = [...this.state.orders]
          .reverse()
          .find((candidate) => candidate.modelId === modelId && candidate.bundleId === bundleId);
        if (!order) return reply.code(404).send(controlError(`No order of ${bundleId} for model ${modelId}`));
        const current = this.statusOf(order).status;
        if (current !== 'pending') {
          return reply
            .code(409)
            .send(controlError(`The order of ${bundleId} for model ${modelId} is ${current}, not pending`));
        }
        order.settled = { status, at: this.now() };
        if (typeof reason === 'string') order.failureReason = reason;
        return this.describe(order);
      });
    }

    app.get('/delay', async () => ({ ms: this.state.processingMs }));
    app.post<{ Body: unknown }>('/delay', async (request, reply) => {
      const ms = isRecord(request.body) ? request.body.ms : undefined;
      if (!isCount(ms, 0, MAX_PROCESSING_MS)) {
        return reply
          .code(400)
          .send(controlError(`Expected {"ms": a whole number from 0 to ${MAX_PROCESSING_MS}}`));
      }
      this.state.processingMs = ms;
      return { ms };
    });

    app.get('/failures', async () => ({ failures: this.state.failures }));
    app.post<{ Body: unknown }>('/failures', async (request, reply) => {
      const body = isRecord(request.body) ? request.body : {};
      const { times, reason } = body;
      if (
        !isCount(times, 1, Number.MAX_SAFE_INTEGER) ||
        (reason !== undefined && typeof reason !== 'string')
      ) {
        return reply
          .code(400)
          .send(
            controlError('Expected {"times": a whole number from 1, "reason"?: why, shown as failureReason}'),
          );
      }
      this.state.failures = { remaining: times, reason: reason || null };
      return { failures: this.state.failures };
    });
    app.delete('/failures', async () => {
      this.state.failures = null;
      return { failures: null };
    });
  };

  private present(account: AccountRef, model: AccountModel, spec: BundleSpec, base: string): ModelBundle {
    const order = this.currentOrder(account, model.id, spec.id);
    const progress = order && this.statusOf(order);
    return {
      id: spec.id,
      name: spec.name,
      description: spec.description,
      availability: progress && progress.status !== 'failed' ? 'unlocked' : 'gated',
      availableOptions: spec.options.map(({ key, values, description }) => ({
        key,
        values: [...values],
        description,
      })),
      processing:
        order && progress
          ? {
              bundleId: spec.id,
              organizationId: idFrom(`matterport-organization/${account}`, SWEEP_ID_ALPHABET, 25),
              status: progress.status,
              lastModified: isoSeconds(Math.floor(progress.at / 1000)),
              failureCode: progress.status === 'failed' ? FAILURE_CODE : null,
              failureReason: progress.status === 'failed' ? order.failureReason : null,
            }
          : null,
      assets: () => (order && progress?.status === 'completed' ? this.signedAssets(order, base) : []),
    };
  }

  private signedAssets(order: BundleOrder, base: string): BundleAsset[] {
    const expires = Math.floor(this.now() / 1000) + BUNDLE_ASSET_URL_TTL_S;
    return specOf(order.bundleId).formats.map((format) => {
      const path = assetPath(order, format);
      return {
        id: idFrom(`matterport-asset/${order.id}/${format}`, SWEEP_ID_ALPHABET, 25),
        url: `${base}${path}?${signedQuery(SIGNING_KEY, path, expires)}`,
        validUntil: isoSeconds(expires),
        format,
        filename: filenameOf(order, format),
        status: 'available',
      };
    });
  }

  /** The order's status now, and since when. */
  private statusOf(order: BundleOrder): { status: OrderStatus; at: number } {
    if (order.settled) return order.settled;
    if (this.now() >= order.readyAt) return { status: order.outcome, at: order.readyAt };
    return { status: 'pending', at: order.orderedAt };
  }

  /** The latest order of the bundle for the account's model. */
  private currentOrder(account: AccountRef, modelId: string, bundleId: BundleId): BundleOrder | undefined {
    return [...this.state.orders]
      .reverse()
      .find((order) => order.account === account && order.modelId === modelId && order.bundleId === bundleId);
  }

  /** The reason an order placed now must fail with, if failures are pending (one is used up). */
  private takeFailure(spec: BundleSpec): string | undefined {
    const failures = this.state.failures;
    if (!failures) return undefined;
    failures.remaining -= 1;
    if (failures.remaining === 0) this.state.failures = null;
    return failures.reason ?? spec.failureReason;
  }

  /** An order as the controls list it. */
  private describe(order: BundleOrder) {
    const { status, at } = this.statusOf(order);
    return {
      id: order.id,
      account: order.account,
      modelId: order.modelId,
      bundleId: order.bundleId,
      options: order.options,
      status,
      orderedAt: new Date(order.orderedAt).toISOString(),
      readyAt: new Date(order.readyAt).toISOString(),
      lastModified: new Date(at).toISOString(),
      failureReason: status === 'failed' ? order.failureReason : null,
    };
  }

  private emptyState(): BundlesState {
    return { orders: [], processingMs: this.defaultProcessingMs, failures: null };
  }
}

function specOf(id: string): BundleSpec {
  const spec = BUNDLES.find((candidate) => candidate.id === id);
  if (!spec) throw notFound('Bundle');
  return spec;
}

function isBundleId(value: unknown): value is BundleId {
  return BUNDLE_IDS.includes(value as BundleId);
}

/** Every option of the bundle for an order: each given one checked (known, once, an allowed value), defaults after. */
function resolveOptions(
  spec: BundleSpec,
  model: AccountModel,
  given: ReadonlyArray<{ key: string; value: string }>,
): Record<string, string> {
  const options: Record<string, string> = {};
  for (const { key, value } of given) {
    const option = spec.options.find((candidate) => candidate.key === key);
    if (!option) {
      const known = spec.options.map((candidate) => candidate.key);
      const offered = known.length > 0 ? `its options are ${known.join(', ')}` : 'it takes no options';
      throw requestInvalid(`${spec.id} has no option ${JSON.stringify(key)}; ${offered}`);
    }
    if (Object.hasOwn(options, key)) throw requestInvalid(`option ${key} is given more than once`);
    if (!option.values.includes(value)) {
      throw requestInvalid(
        `option ${key} of ${spec.id} is one of ${option.values.join(', ')}, not ${JSON.stringify(value)}`,
      );
    }
    options[key] = value;
  }
  for (const option of spec.options) options[option.key] ??= option.defaultFor(model);
  return options;
}

function assetPath(order: BundleOrder, format: AssetFormat): string {
  return `/bundles/${order.id}/${filenameOf(order, format)}`;
}

function filenameOf(order: BundleOrder, format: AssetFormat): string {
  const name = order.bundleId === 'mp:matterpak' ? 'matterpak' : 'schematic_floorplan';
  return `${order.modelId}_${name}.${format}`;
}

async function assetBody(
  order: BundleOrder,
  model: AccountModel,
  format: AssetFormat,
): Promise<Buffer | string> {
  if (format === 'zip') return matterpakZip(model);
  const style = floorplanStyle(order.options);
  return format === 'svg' ? floorplanSvg(model, style) : floorplanImage(model, style, format);
}

/** The drawing's look from a schematic order's options (furniture, labels and orientation are kept, not drawn). */
function floorplanStyle(options: Record<string, string>): FloorplanStyle {
  return {
    color: options.color === 'true',
    hideDimensions: options.hide_dimensions === 'true',
    hideInternalArea: options.hide_internal_area === 'true',
    language: options.language as FloorplanStyle['language'],
    unitType: options.unit_type as FloorplanStyle['unitType'],
    sixInchWalls: options.use_six_inch_wall_thickness === 'true',
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isCount(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

function controlError(message: string) {
  return { error: { message } };
}
