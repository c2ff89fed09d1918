import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import { StateFiles } from './state-files';
import type { Vendor, VendorState } from './vendor';
import {
  createVendors,
  isStripeVendor,
  type MatterportVendorOptions,
  type SketchfabVendorOptions,
  type StripeVendor,
  type StripeVendorOptions,
} from './vendors';

export interface EmulatorsOptions {
  /** 0 picks a free port; the real one is in the returned url. */
  port: number;
  /** Defaults to 127.0.0.1; containers pass 0.0.0.0. */
  host?: string;
  /** Defaults to every vendor of the registry, freshly created. */
  vendors?: Vendor[];
  /** Log each request (fastify's logger); off by default to keep test output clean. */
  logRequests?: boolean;
  /** Options of the Stripe emulator (webhook endpoints, retry delays), when `vendors` is not given. */
  stripe?: StripeVendorOptions;
  /** Options of the Matterport emulator (its OAuth client's credentials), when `vendors` is not given. */
  matterport?: MatterportVendorOptions;
  /** Options of the Sketchfab emulator (its OAuth applications, token and download URL lifetimes), when `vendors` is not given. */
  sketchfab?: SketchfabVendorOptions;
  /**
   * Where the vendors keep what they remember across restarts (`StateFiles`): given, a restarted server is the same
   * Stripe account, the same Matterport grants, the same mailbox. Without it, state lives and dies with the process.
   */
  stateDir?: string;
}

export interface RunningEmulators {
  url: string;
  vendors: readonly Vendor[];
  /** The Stripe emulator, when it is one of the vendors: `await emulators.stripe?.webhooksSettled()`. */
  stripe: StripeVendor | undefined;
  close(): Promise<void>;
}

const RESERVED_PREFIXES = ['/healthz', '/_emulator'];

export async function startEmulators(options: EmulatorsOptions): Promise<RunningEmulators> {
  const host = options.host ?? '127.0.0.1';
  const vendors =
    options.vendors ??
    createVendors({ stripe: options.stripe, matterport: options.matterport, sketchfab: options.sketchfab });
  const app = buildEmulatorsApp(vendors, options.logRequests ?? false);
  if (options.stateDir) keepState(app, vendors, new StateFiles(options.stateDir));
  await app.listen({ port: options.port, host });
  return {
    url: reachableUrl(host, listeningPort(app)),
    vendors,
    stripe: vendors.find(isStripeVendor),
    close: () => app.close(),
  };
}

/** `EMULATORS_PORT` as a port (0: a free one), `fallback` when unset; anything else stops the start in words. */
export function portFromEnv(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`EMULATORS_PORT is not a port: ${value}`);
  }
  return port;
}

/** The server without listening, for callers that prefer `app.inject()`. */
export function buildEmulatorsApp(vendors: Vendor[], logRequests = false): FastifyInstance {
  assertDistinctMounts(vendors);
  const app = Fastify({ logger: logRequests });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, parseFormBody);
  app.setNotFoundHandler((request, reply) => {
    void reply.code(404).send(errorBody(`No emulated route for ${request.method} ${pathOf(request)}`));
  });
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    void reply.code(error.statusCode ?? 500).send(errorBody(error.message));
  });

  app.get('/healthz', async () => ({ status: 'ok', vendors: vendors.map((vendor) => vendor.name) }));
  app.post('/_emulator/reset', async () => {
    await Promise.all(vendors.map((vendor) => vendor.reset?.()));
    return { status: 'ok' };
  });
  for (const vendor of vendors) {
    void app.register(vendor.routes, { prefix: vendor.prefix });
    if (vendor.controls) void app.register(vendor.controls, { prefix: `/_emulator/${vendor.name}` });
  }
  return app;
}

/**
 * Restores each stateful vendor from its file, then saves it before each answer of a request that reached it (its
 * routes, its controls, a reset), and whenever it changes on its own.
 */
function keepState(app: FastifyInstance, vendors: readonly Vendor[], files: StateFiles): void {
  files.restore(vendors);
  const stateful = vendors.filter((vendor): vendor is Vendor & { state: VendorState } => !!vendor.state);
  for (const vendor of stateful) vendor.state.onChange?.(() => files.save(vendor));
  app.addHook('onSend', async (request, _reply, payload) => {
    const path = pathOf(request);
    for (const vendor of stateful) {
      if (
        path === '/_emulator/reset' ||
        path.startsWith(`${vendor.prefix}/`) ||
        path.startsWith(`/_emulator/${vendor.name}/`)
      )
        files.save(vendor);
    }
    return payload;
  });
}

function assertDistinctMounts(vendors: Vendor[]): void {
  const names = new Set<string>();
  const prefixes = new Set<string>(RESERVED_PREFIXES);
  for (const { name, prefix } of vendors) {
    if (names.has(name)) throw new Error(`Two vendors are named ${name}`);
    if (prefixes.has(prefix)) throw new Error(`Vendor ${name}: prefix ${prefix} is already taken`);
    names.add(name);
    prefixes.add(prefix);
  }
}

/**
 * Flat fields; repeated keys keep the last value. A vendor needing nested keys (Stripe's `metadata[x]=y`)
 * replaces this parser inside its own plugin.
 */
function parseFormBody(
  _request: FastifyRequest,
  body: string | Buffer,
  done: (error: Error | null, body?: unknown) => void,
) {
  done(null, Object.fromEntries(new URLSearchParams(body.toString())));
}

function errorBody(message: string) {
  return { error: { message } };
}

function pathOf(request: FastifyRequest): string {
  return request.url.split('?', 1)[0] ?? request.url;
}

function listeningPort(app: FastifyInstance): number {
  const address = app.server.address();
  if (address === null || typeof address === 'string') {
    throw new Error('Emulators are not listening on a TCP port');
  }
  return address.port;
}

/** A wildcard bind address is not something a client can connect to; loopback is. */
function reachableUrl(host: string, port: number): string {
  if (host === '0.0.0.0' || host === '::') return `http://127.0.0.1:${port}`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
