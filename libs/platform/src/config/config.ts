import { plainToInstance, Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  MinLength,
  validateSync,
} from 'class-validator';
import type { ValidationError } from 'class-validator';

/** Raised at start when the environment is missing or has a bad variable; the message names each one. */
export class ConfigError extends Error {
  constructor(
    readonly service: string,
    readonly problems: string[],
  ) {
    super(`Invalid configuration for ${service}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** How an environment variable may be left out. */
interface EnvOptions {
  /** Unset (or empty) is allowed: the property keeps its default, or stays undefined. */
  optional?: boolean;
}

// The env helpers take the variable's name from the property they decorate, so it is written once. Stacked
// decorators register bottom-up, and only a variable's first failing check is reported (stopAtFirstError): each
// helper registers its type check first, so text where a number belongs is named as that.

/** A `true`/`false` variable. (Implicit conversion would read the text "false" as true.) */
export const EnvFlag =
  (options: EnvOptions = {}) =>
  (target: object, property: string): void => {
    Transform(({ obj, key }: { obj: Record<string, unknown>; key: string }) => {
      const given = obj[key];
      return given === 'true' || given === true ? true : given === 'false' || given === false ? false : given;
    })(target, property);
    IsBoolean({ message: `${property} must be true or false` })(target, property);
    if (options.optional) IsOptional()(target, property);
  };

const HTTP_URL = /^https?:\/\/\S+$/;
const HTTP_ORIGIN = /^https?:\/\/[^/\s]+\/?$/;

/**
 * An http(s) URL (`origin`: scheme and host only, e.g. http://127.0.0.1:4010). The message says so, with `example`
 * after it (`APP_URL must be an http(s) URL, e.g. https://app.example.com`); `message` (given the variable's name)
 * replaces it whole.
 */
export const EnvUrl =
  (options: EnvOptions & { origin?: boolean; example?: string; message?: (name: string) => string } = {}) =>
  (target: object, property: string): void => {
    const message =
      options.message?.(property) ??
      `${property} must be an http(s) URL${options.example ? `, e.g. ${options.example}` : ''}`;
    Matches(options.origin ? HTTP_ORIGIN : HTTP_URL, { message })(target, property);
    if (options.optional) IsOptional()(target, property);
  };

/** The words for a whole number out of its bounds: "between 1 and 730", "at least 1", "0 or more", "at most 9". */
function bounds(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return `between ${min} and ${max}`;
  if (min !== undefined) return min === 0 ? '0 or more' : `at least ${min}`;
  return `at most ${max}`;
}

/**
 * A whole number, declared as a number on the config class. The messages say what it counts (`unit`: "must be a
 * whole number of seconds") and its bounds ("must be between 1 and 730"); `typeMessage` and `rangeMessage`
 * replace them where a variable says more.
 */
export const EnvInt =
  (
    options: EnvOptions & {
      min?: number;
      max?: number;
      unit?: string;
      typeMessage?: string;
      rangeMessage?: string;
    } = {},
  ) =>
  (target: object, property: string): void => {
    const { min, max } = options;
    IsInt({
      message:
        options.typeMessage ??
        `${property} must be a whole number${options.unit ? ` of ${options.unit}` : ''}`,
    })(target, property);
    const message = options.rangeMessage ?? `${property} must be ${bounds(min, max)}`;
    if (min !== undefined) Min(min, { message })(target, property);
    if (max !== undefined) Max(max, { message })(target, property);
    if (options.optional) IsOptional()(target, property);
  };

/** What every service reads from its environment. A service's own config class extends this one. */
export class PlatformConfig {
  @EnvInt({
    min: 0,
    max: 65535,
    optional: true,
    typeMessage: 'PORT must be a whole number (0 picks a free port)',
  })
  PORT?: number;

  @IsString()
  HOST = '127.0.0.1';

  @IsIn(['development', 'production', 'test'], {
    message: 'NODE_ENV must be development, production or test',
  })
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    message: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
  })
  LOG_LEVEL = 'info';

  /** Signs the identity the gateway forwards to services; the same value on the gateway and every service. */
  @MinLength(32, { message: 'INTERNAL_TOKEN_SECRET must be at least 32 characters long' })
  @IsString({ message: 'INTERNAL_TOKEN_SECRET is required (a random string of 32 or more characters)' })
  INTERNAL_TOKEN_SECRET!: string;

  /**
   * Addresses or CIDR ranges of the proxies in front of this process whose X-Forwarded-For is believed
   * (comma-separated): the client's address is what they say it is, never what a client claims. Services
   * behind the gateway on another host list the gateway's addresses; a gateway behind a load balancer, its.
   */
  @Matches(/^[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*$/, {
    message: 'TRUSTED_PROXIES must be comma-separated addresses or CIDR ranges, e.g. 10.0.0.0/8,127.0.0.1',
  })
  TRUSTED_PROXIES = '127.0.0.1,::1';

  /**
   * The bearer token Prometheus scrapes `/metrics` with (`Authorization: Bearer <token>`). Set: every service's
   * `/metrics` wants it. Unset: a service serves `/metrics` on its own port (not public) to anyone who reaches it, and
   * the gateway, whose port is public, does not serve it at all.
   */
  @IsOptional()
  @MinLength(32, { message: 'METRICS_TOKEN must be at least 32 characters long' })
  @IsString({ message: 'METRICS_TOKEN must be a string of 32 or more characters' })
  METRICS_TOKEN?: string;

  /**
   * Unset: events and request-reply stay inside this process (the all-in-one launcher). Several servers of one
   * cluster comma-separated: the client starts on any of them that answers.
   */
  @IsOptional()
  @Matches(/^(nats|tls):\/\/[^\s,]+(,(nats|tls):\/\/[^\s,]+)*$/, {
    message: 'NATS_URL must look like nats://host:4222, or several such addresses separated by commas',
  })
  NATS_URL?: string;

  /** Prefix for stream names and subjects, so several deployments (or test runs) can share one NATS. */
  @IsOptional()
  @Matches(/^[a-z0-9_]{0,32}$/, {
    message: 'EVENTS_NAMESPACE must be up to 32 lowercase letters, digits or _',
  })
  EVENTS_NAMESPACE = '';

  /**
   * Copies of the event stream JetStream keeps: 1 on a single NATS server (as here), 3 on a three-node cluster so
   * a node can fail without losing events. Used when the stream is created; an existing stream keeps its own.
   */
  @IsIn([1, 3, 5], { message: 'EVENTS_STREAM_REPLICAS must be 1, 3 or 5' })
  EVENTS_STREAM_REPLICAS: number = 1;

  /**
   * Waits in milliseconds between the tries of a failing event handler, comma-separated; the event is parked
   * as a dead letter after the last wait's try. Unset: the platform's schedule (about an hour, see
   * DEFAULT_RETRY_POLICY). Tests set a few milliseconds.
   */
  @IsOptional()
  @Matches(/^\s*[1-9]\d{0,8}(\s*,\s*[1-9]\d{0,8}){0,49}\s*$/, {
    message:
      'EVENT_RETRY_BACKOFF_MS must be 1 to 50 comma-separated whole numbers of milliseconds, e.g. 1000,5000,30000',
  })
  EVENT_RETRY_BACKOFF_MS?: string;

  /**
   * How long a delivered event may stay unacknowledged before it is delivered again (a consumer that died
   * mid-handler): JetStream's `ack_wait` of every durable, updated on start. Unset: the platform's 30 s, well above
   * any handler's time. Tests that kill consumers set a few seconds, so the redelivery does not stall them.
   */
  @EnvInt({ min: 1_000, max: 600_000, unit: 'milliseconds', optional: true })
  EVENT_ACK_WAIT_MS?: number;
}

/** Config of a service that owns a PostgreSQL schema. */
export class DatabaseConfig extends PlatformConfig {
  @Matches(/^postgres(ql)?:\/\/\S+$/, {
    message: 'DATABASE_URL is required (postgres://user:pass@host:5432/db)',
  })
  DATABASE_URL!: string;

  /**
   * True: the service migrates its schema as it starts, replicas taking turns (`npm start`, `start:services`, the
   * tests). False: a release migrates it once (`node services/<name>/dist/main.js migrate`, a Kubernetes Job) and
   * replicas only check that it did, refusing to start on a schema that lacks a migration of theirs.
   */
  @EnvFlag()
  MIGRATIONS_AT_BOOT: boolean = true;

  /**
   * Connections in this process's pool (each process also holds one for LISTEN): the database's max_connections must
   * cover every replica's pool (infra/k8s/README.md counts them per overlay).
   */
  @EnvInt({ min: 1, max: 200 })
  DATABASE_POOL_SIZE: number = 10;

  /**
   * Readiness fails when the oldest outbox row not yet published is older than this many seconds: events are
   * not leaving (the broker refuses or is away). 0 turns the check off; the metric stays.
   */
  @EnvInt({
    min: 0,
    rangeMessage: 'OUTBOX_MAX_LAG_SECONDS must be a whole number of seconds, 0 or more',
    unit: 'seconds, 0 or more',
  })
  OUTBOX_MAX_LAG_SECONDS: number = 300;
}

/**
 * Config of a service that keeps files (the Storage port, StorageModule): its database and an S3 bucket. A
 * service's own config class extends this one.
 */
export class StorageConfig extends DatabaseConfig {
  /**
   * File storage: the S3 API. Unset endpoint: AWS itself (region and credentials from these settings, or the
   * SDK's default chain when the keys are unset). `npm start` and the tests run a local S3-compatible server.
   */
  @EnvUrl({ optional: true })
  S3_ENDPOINT?: string;

  /** Where browsers reach storage when it differs from S3_ENDPOINT (a container network); presigned URLs use it. */
  @EnvUrl({ optional: true })
  S3_PUBLIC_ENDPOINT?: string;

  @Matches(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'S3_BUCKET must be a bucket name' })
  S3_BUCKET = 'tourly-uploads';

  @IsString()
  S3_REGION = 'us-east-1';

  @IsOptional()
  @IsString()
  S3_ACCESS_KEY_ID?: string;

  @IsOptional()
  @IsString()
  S3_SECRET_ACCESS_KEY?: string;

  /** Path-style URLs (endpoint/bucket/key). Default: on with S3_ENDPOINT (local and S3-compatible servers). */
  @EnvFlag({ optional: true })
  S3_FORCE_PATH_STYLE?: boolean;
}

function flatten(errors: ValidationError[]): string[] {
  return errors.flatMap((error) =>
    Object.values(error.constraints ?? {}).map((message) =>
      message.startsWith(error.property) ? message : `${error.property}: ${message}`,
    ),
  );
}

/**
 * Reads a config class from an environment (process.env, or the overlay the launcher passes to each service
 * it hosts in one process). Empty strings count as unset.
 */
export function loadConfig<T extends PlatformConfig>(
  type: new () => T,
  service: string,
  env: Record<string, string | undefined>,
): T {
  const plain = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  // Numbers are declared as numbers on the config class and converted from the environment's text.
  const config = plainToInstance(type, plain, { exposeDefaultValues: true, enableImplicitConversion: true });
  const problems = flatten(validateSync(config, { whitelist: false, stopAtFirstError: true }));
  if (problems.length > 0) throw new ConfigError(service, problems);
  return config;
}
