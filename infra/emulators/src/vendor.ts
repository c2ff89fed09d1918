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
}
