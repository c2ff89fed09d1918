import type { FastifyPluginAsync } from 'fastify';

/**
 * One outside vendor emulated by the server: its routes are mounted under `prefix`, so an adapter reaches
 * it by pointing its base URL at `<emulators url><prefix>`.
 */
export interface Vendor {
  /** Short lowercase name, listed by GET /healthz. */
  readonly name: string;
  /** Path prefix of every route, e.g. '/stripe'. */
  readonly prefix: `/${string}`;
  /** Registers the vendor's routes, relative to the prefix, in its own encapsulated context. */
  readonly routes: FastifyPluginAsync;
  /**
   * Emulator-only inspection and controls (no counterpart at the vendor), mounted at `/_emulator/<name>`,
   * e.g. `GET /_emulator/stripe/webhook_deliveries`.
   */
  readonly controls?: FastifyPluginAsync;
  /** Forgets all state kept since start; called by POST /_emulator/reset. Stateless vendors omit it. */
  reset?(): void | Promise<void>;
  /** What the vendor remembers, for a server that keeps it across restarts (`stateDir`). Stateless vendors omit it. */
  readonly state?: VendorState;
}

/**
 * A vendor's memory, as the vendor keeps it across its own restarts (Stripe does not forget a customer because the
 * platform was restarted). The server saves it after every request to the vendor and whenever the vendor says it
 * changed on its own, and gives it back at the next start.
 */
export interface VendorState {
  /**
   * Everything the vendor remembers, as a value `v8.serialize` keeps whole: Maps, Sets and objects reachable from
   * two places stay so after `load`. Plain data only (no functions, no class behaviour).
   */
  save(): unknown;
  /** Takes back what `save` gave in an earlier run, in place of the current state. */
  load(saved: unknown): void;
  /** Registers the one listener told of changes made outside a request (a webhook delivered later). */
  onChange?(listener: () => void): void;
}
