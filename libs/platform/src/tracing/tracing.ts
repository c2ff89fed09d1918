import {
  context,
  createContextKey,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
} from '@opentelemetry/api';
import type { TraceContext } from '@tourly/contracts';
import type { TracingSdk } from './sdk';

/**
 * Tracing with OpenTelemetry, for the whole process: on when `OTEL_EXPORTER_OTLP_ENDPOINT` (or
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) is set, and then exported over OTLP/HTTP. Off, the SDK is never loaded and
 * every function here returns at its first line: the platform's hot paths (the relay, the consumers, the
 * requests) pay one comparison.
 */
export interface Tracing {
  /** Exports what is still buffered and unregisters everything: the process is as it was before. */
  shutdown(): Promise<void>;
}

/** Which service's work the active context is: its spans carry that service's name (several share a process). */
export const SERVICE_KEY = createContextKey('tourly.service');

let running: TracingSdk | undefined;

/**
 * Starts tracing for this process when the environment asks for it (else undefined). Each entry point (a
 * service's main.ts, the all-in-one launcher) calls it before starting its services and shuts it down last.
 * Read from `env`: the endpoint, `OTEL_SDK_DISABLED`, `OTEL_SERVICE_NAME` (spans outside any service's work) and
 * `OTEL_BSP_SCHEDULE_DELAY`; the SDK reads the rest of its standard variables from the process's environment
 * itself (`OTEL_TRACES_SAMPLER` and its argument, `OTEL_EXPORTER_OTLP_HEADERS`, `OTEL_RESOURCE_ATTRIBUTES`).
 */
export function startTracing(env: Record<string, string | undefined>): Tracing | undefined {
  const tracesUrl = tracesEndpoint(env);
  if (!tracesUrl || env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return undefined;
  if (running) throw new Error('tracing is already started in this process');
  // The SDK, the exporter and the instrumentations load only here: a process without tracing never reads them.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { startSdk } = require('./sdk') as typeof import('./sdk');
  const sdk = startSdk({
    tracesUrl,
    fallbackService: env.OTEL_SERVICE_NAME?.trim() || 'tourly',
    scheduleDelayMs: Number(env.OTEL_BSP_SCHEDULE_DELAY) || undefined,
  });
  running = sdk;
  return {
    shutdown: async () => {
      if (running !== sdk) return;
      running = undefined;
      await sdk.shutdown();
    },
  };
}

/** Where spans go: the traces endpoint as given, else `/v1/traces` under the OTLP endpoint (the spec's rule). */
function tracesEndpoint(env: Record<string, string | undefined>): string | undefined {
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  if (traces) return traces;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  return base ? `${base.replace(/\/+$/, '')}/v1/traces` : undefined;
}

export function tracingOn(): boolean {
  return running !== undefined;
}

/** The active span's ids for a log line, `{}` outside one. */
export function traceFields(): { trace_id?: string; span_id?: string } {
  const span = trace.getSpan(context.active());
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

/** The active trace as W3C headers, to carry to another process; undefined when tracing is off or nothing is traced. */
export function currentTraceContext(): TraceContext | undefined {
  if (!running) return undefined;
  const carrier: Partial<TraceContext> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ? (carrier as TraceContext) : undefined;
}

/** The context a carried trace continues (a new trace without one), marked as this service's work. */
function continuing(service: string, carried: TraceContext | undefined): Context {
  const parent = carried ? propagation.extract(ROOT_CONTEXT, carried) : ROOT_CONTEXT;
  return parent.setValue(SERVICE_KEY, service);
}

/**
 * Runs `work` in a new span of `service`, the active one for whatever it calls (queries, requests, events it
 * publishes); a rejection marks the span failed. `parent`: the context to continue, the active one by default.
 */
async function inSpan<T>(
  sdk: TracingSdk,
  name: string,
  options: { kind: SpanKind; attributes: Attributes; parent?: Context },
  work: () => Promise<T>,
): Promise<T> {
  const parent = options.parent ?? context.active();
  const span = sdk.tracer.startSpan(name, { kind: options.kind, attributes: options.attributes }, parent);
  try {
    return await context.with(trace.setSpan(parent, span), work);
  } catch (error) {
    span.recordException(error as Error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.message });
    throw error;
  } finally {
    span.end();
  }
}

/** What the messaging spans say of an event (OpenTelemetry's messaging conventions). */
function eventAttributes(system: string, envelope: { id: string; type: string }, operation: string) {
  return {
    'messaging.system': system,
    'messaging.destination.name': envelope.type,
    'messaging.message.id': envelope.id,
    'messaging.operation.type': operation,
  };
}

/**
 * Hands an outbox row's envelope to the broker in a `publish` span, a child of the span the event was written in
 * (its `trace`); the envelope sent names the publish span, which the consumer's span continues. An event written
 * outside any trace (or with tracing off) is sent as it was written.
 */
export function tracePublish<E extends { id: string; type: string; trace?: TraceContext }>(
  service: string,
  system: string,
  envelope: E,
  publish: (envelope: E) => Promise<void>,
): Promise<void> {
  const sdk = running;
  if (!sdk || !envelope.trace) return publish(envelope);
  return inSpan(
    sdk,
    `publish ${envelope.type}`,
    {
      kind: SpanKind.PRODUCER,
      attributes: eventAttributes(system, envelope, 'publish'),
      parent: continuing(service, envelope.trace),
    },
    () => publish({ ...envelope, trace: currentTraceContext() }),
  );
}

/** Runs a consumer's handling of an event in a `process` span that continues the publisher's trace, if it has one. */
export function traceConsume<T>(
  service: string,
  system: string,
  durable: string,
  envelope: { id: string; type: string; trace?: TraceContext },
  handle: () => Promise<T>,
): Promise<T> {
  const sdk = running;
  if (!sdk) return handle();
  return inSpan(
    sdk,
    `process ${envelope.type}`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        ...eventAttributes(system, envelope, 'process'),
        'messaging.consumer.group.name': durable,
      },
      parent: continuing(service, envelope.trace),
    },
    handle,
  );
}

/** A request-reply ask in a client span; `send` gets the trace to carry with the request. */
export function traceRequest<T>(
  system: string,
  subject: string,
  send: (trace: TraceContext | undefined) => Promise<T>,
): Promise<T> {
  const sdk = running;
  if (!sdk) return send(undefined);
  return inSpan(
    sdk,
    `request ${subject}`,
    { kind: SpanKind.CLIENT, attributes: { 'rpc.system': system, 'rpc.method': subject } },
    () => send(currentTraceContext()),
  );
}

/** Answers a request-reply ask in a server span of `service` that continues the asker's trace, if it carried one. */
export function traceAnswer<T>(
  service: string,
  system: string,
  subject: string,
  carried: TraceContext | undefined,
  answer: () => Promise<T>,
): Promise<T> {
  const sdk = running;
  if (!sdk) return answer();
  return inSpan(
    sdk,
    `answer ${subject}`,
    {
      kind: SpanKind.SERVER,
      attributes: { 'rpc.system': system, 'rpc.method': subject },
      parent: continuing(service, carried),
    },
    answer,
  );
}

/**
 * Marks the requests an HTTP server takes as `service`'s work, so the HTTP instrumentation's span for each (and
 * every span under it) carries that service's name. Nothing when tracing is off.
 */
export function traceRequestsOf(
  server: { emit(event: string, ...args: unknown[]): boolean },
  service: string,
): void {
  if (!running) return;
  // Read from the prototype on every call: the instrumentation wraps it there, and unwraps it at shutdown.
  const inherited = Object.getPrototypeOf(server) as typeof server;
  server.emit = function emit(this: typeof server, event: string, ...args: unknown[]): boolean {
    if (event !== 'request' || !running) return inherited.emit.call(this, event, ...args);
    return context.with(context.active().setValue(SERVICE_KEY, service), () =>
      inherited.emit.call(this, event, ...args),
    );
  };
}

/**
 * Names the active server span after the route that answers (`GET /provider/widgets/:id`), as its conventions ask;
 * a catch-all (the gateway's `/*`) says nothing, and the span keeps its method and path.
 */
export function nameServerSpan(method: string, route: string | undefined): void {
  if (!running || !route || route.includes('*')) return;
  const span = trace.getSpan(context.active());
  span?.updateName(`${method} ${route}`);
  span?.setAttribute('http.route', route);
}
