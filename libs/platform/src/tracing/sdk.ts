import {
  context,
  propagation,
  trace,
  type Context,
  type Span,
  type SpanOptions,
  type Tracer,
  type TracerProvider,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import type { Instrumentation } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import {
  defaultResource,
  detectResources,
  envDetector,
  resourceFromAttributes,
} from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { SERVICE_KEY } from './tracing';

/** Loaded by `startTracing` only, when the environment turns tracing on: nothing here runs otherwise. */
export interface TracingSdk {
  /** Starts each span as the work of the service its parent context names (SERVICE_KEY). */
  readonly tracer: Tracer;
  shutdown(): Promise<void>;
}

export interface SdkOptions {
  tracesUrl: string;
  /** The name of spans outside any service's work. */
  fallbackService: string;
  /** How long spans wait to be exported in a batch (the SDK's default: 5 s). */
  scheduleDelayMs?: number;
}

/** Requests no one needs a trace of: probes and scrapes, every few seconds. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * One tracer provider per service, so that several services in one process (the all-in-one launcher, the tests)
 * each export under their own `service.name`: a provider's resource names one service, and a process has one
 * global provider. The global one is this router: a span goes to the provider of the service whose work its parent
 * context is (SERVICE_KEY, set where a service's work starts: an HTTP request, an event, an answer), spans outside
 * any to the fallback's. All of them share one batch processor and one exporter, so one export carries every
 * service's spans.
 */
class ServiceTracerProvider implements TracerProvider {
  private readonly providers = new Map<string, BasicTracerProvider>();

  constructor(
    private readonly processor: BatchSpanProcessor,
    private readonly options: SdkOptions,
  ) {}

  getTracer(name: string, version?: string): Tracer {
    return new ServiceRoutedTracer(
      (service) => this.provider(service).getTracer(name, version),
      this.options.fallbackService,
    );
  }

  private provider(service: string): BasicTracerProvider {
    let provider = this.providers.get(service);
    if (!provider) {
      provider = new BasicTracerProvider({
        resource: defaultResource()
          .merge(detectResources({ detectors: [envDetector] }))
          .merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: service })),
        spanProcessors: [this.processor],
      });
      this.providers.set(service, provider);
    }
    return provider;
  }
}

/** The service of each span this process started: a span's children are that service's work too. */
const serviceOfSpan = new WeakMap<Span, string>();

/**
 * Which service's work a span is: the one its parent context names, else its parent span's, else the one the
 * active context names (the HTTP instrumentation starts a request's span from the trace its headers carry alone,
 * inside the context that traceRequestsOf marked).
 */
function serviceOf(parent: Context): string | undefined {
  const parentSpan = trace.getSpan(parent);
  return (
    (parent.getValue(SERVICE_KEY) as string | undefined) ??
    (parentSpan && serviceOfSpan.get(parentSpan)) ??
    (context.active().getValue(SERVICE_KEY) as string | undefined)
  );
}

class ServiceRoutedTracer implements Tracer {
  private readonly tracers = new Map<string, Tracer>();

  constructor(
    private readonly tracerOf: (service: string) => Tracer,
    private readonly fallbackService: string,
  ) {}

  startSpan(name: string, options?: SpanOptions, parent: Context = context.active()): Span {
    const service = serviceOf(parent) ?? this.fallbackService;
    let tracer = this.tracers.get(service);
    if (!tracer) {
      tracer = this.tracerOf(service);
      this.tracers.set(service, tracer);
    }
    const span = tracer.startSpan(name, options, parent);
    serviceOfSpan.set(span, service);
    return span;
  }

  startActiveSpan<F extends (span: Span) => unknown>(name: string, ...rest: unknown[]): ReturnType<F> {
    // The API's three shapes: (name, fn), (name, options, fn), (name, options, context, fn).
    const work = rest.pop() as F;
    const [options, parent = context.active()] = rest as [SpanOptions | undefined, Context | undefined];
    const span = this.startSpan(name, options, parent);
    return context.with(trace.setSpan(parent, span), () => work(span)) as ReturnType<F>;
  }
}

/**
 * The instrumentations, made once per process and enabled for each start: they patch modules process-wide, and
 * a second set would patch them twice. HTTP (each service's requests, and its calls out through node:http),
 * undici (the gateway's proxying, fetch) and pg (queries). Calls out and queries are traced only inside a
 * traced piece of work, so the relay's polls and the pools' housekeeping make no traces of their own.
 */
let instrumentations: Instrumentation[] | undefined;

function processInstrumentations(): Instrumentation[] {
  instrumentations ??= [
    new HttpInstrumentation({
      enabled: false,
      // Only the requests a service takes (traceRequestsOf marks them): the vendor emulators and local S3 of
      // `npm start` answer in the same process, and are not the platform.
      ignoreIncomingRequestHook: (request) =>
        context.active().getValue(SERVICE_KEY) === undefined ||
        UNTRACED_PATHS.has((request.url ?? '').split('?')[0]!),
      requireParentforOutgoingSpans: true,
    }),
    new UndiciInstrumentation({ enabled: false, requireParentforSpans: true }),
    new PgInstrumentation({ enabled: false, requireParentSpan: true }),
  ];
  return instrumentations;
}

export function startSdk(options: SdkOptions): TracingSdk {
  const processor = new BatchSpanProcessor(new OTLPTraceExporter({ url: options.tracesUrl }), {
    scheduledDelayMillis: options.scheduleDelayMs,
  });
  const provider = new ServiceTracerProvider(processor, options);
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  const enabled = processInstrumentations();
  for (const instrumentation of enabled) {
    instrumentation.setTracerProvider(provider);
    // The config's flag too: undici's instrumentation reads it for each request, whatever enable() says.
    instrumentation.setConfig({ ...instrumentation.getConfig(), enabled: true });
    instrumentation.enable();
  }
  // A module loaded before the instrumentations were (by this process's own imports, or by an earlier test file in
  // the same worker) is patched when it is next required: require them now, so none escapes.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  for (const name of ['node:http', 'node:https', 'pg']) require(name);
  return {
    tracer: provider.getTracer('@tourly/platform'),
    shutdown: async () => {
      for (const instrumentation of enabled) {
        instrumentation.disable();
        instrumentation.setConfig({ ...instrumentation.getConfig(), enabled: false });
      }
      try {
        await processor.shutdown();
      } finally {
        trace.disable();
        propagation.disable();
        context.disable();
      }
    },
  };
}
