import { ConfigError, DatabaseConfig, EnvFlag, EnvInt, EnvUrl, loadConfig } from '@tourly/platform';

class FlaggedConfig extends DatabaseConfig {
  @EnvFlag()
  FEATURE_ON: boolean = true;
}

class HelperConfig extends DatabaseConfig {
  @EnvInt({ min: 1, max: 730, unit: 'days' })
  TRIAL_DAYS: number = 30;

  @EnvInt({ min: 0, unit: 'seconds' })
  CACHE_SECONDS: number = 2;

  @EnvInt({ min: 1 })
  WORKERS: number = 4;

  @EnvUrl({ example: 'https://app.example.com' })
  APP_URL = 'http://localhost:3000';

  @EnvUrl({ optional: true })
  S3_ENDPOINT?: string;

  @EnvUrl({
    optional: true,
    origin: true,
    message: (name) => `${name} must be a base URL like http://127.0.0.1:4010`,
  })
  API_URL?: string;

  @EnvFlag({ optional: true })
  PATH_STYLE?: boolean;
}

describe('configuration from the environment', () => {
  const valid = {
    DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/tourly',
    INTERNAL_TOKEN_SECRET: 'x'.repeat(32),
  };

  it('reads a valid environment, numbers as numbers, with defaults for the rest', () => {
    const config = loadConfig(DatabaseConfig, 'billing', { ...valid, PORT: '3002', LOG_LEVEL: '' });
    expect(config).toMatchObject({ PORT: 3002, HOST: '127.0.0.1', LOG_LEVEL: 'info', EVENTS_NAMESPACE: '' });
  });

  it('keeps text that looks like a number as text where the config declares text', () => {
    const config = loadConfig(DatabaseConfig, 'billing', { ...valid, INTERNAL_TOKEN_SECRET: '1'.repeat(40) });
    expect(config.INTERNAL_TOKEN_SECRET).toBe('1'.repeat(40));
  });

  it('reads true and false as flags (the text "false" is false), and names a flag that is neither', () => {
    expect(loadConfig(FlaggedConfig, 'billing', { ...valid, FEATURE_ON: 'false' }).FEATURE_ON).toBe(false);
    expect(loadConfig(FlaggedConfig, 'billing', { ...valid, FEATURE_ON: 'true' }).FEATURE_ON).toBe(true);
    expect(loadConfig(FlaggedConfig, 'billing', valid).FEATURE_ON).toBe(true);
    expect(() => loadConfig(FlaggedConfig, 'billing', { ...valid, FEATURE_ON: 'yes' })).toThrow(
      'FEATURE_ON must be true or false',
    );
  });

  it.each([
    ['TRIAL_DAYS', 'lots', 'TRIAL_DAYS must be a whole number of days'],
    ['TRIAL_DAYS', '1.5', 'TRIAL_DAYS must be a whole number of days'],
    ['TRIAL_DAYS', '0', 'TRIAL_DAYS must be between 1 and 730'],
    ['TRIAL_DAYS', '731', 'TRIAL_DAYS must be between 1 and 730'],
    ['CACHE_SECONDS', '-1', 'CACHE_SECONDS must be 0 or more'],
    ['WORKERS', 'many', 'WORKERS must be a whole number'],
    ['WORKERS', '0', 'WORKERS must be at least 1'],
    ['APP_URL', 'app.example.com', 'APP_URL must be an http(s) URL, e.g. https://app.example.com'],
    ['S3_ENDPOINT', 'ftp://files', 'S3_ENDPOINT must be an http(s) URL'],
    ['API_URL', 'http://127.0.0.1:4010/v1', 'API_URL must be a base URL like http://127.0.0.1:4010'],
    ['PATH_STYLE', 'on', 'PATH_STYLE must be true or false'],
  ])('names a bad %s=%s: "%s"', (name, value, message) => {
    expect(() => loadConfig(HelperConfig, 'billing', { ...valid, [name]: value })).toThrow(`  - ${message}`);
  });

  it('reads good values through the helpers, and leaves the optional ones unset', () => {
    const defaults = loadConfig(HelperConfig, 'billing', valid);
    expect(defaults).toMatchObject({ TRIAL_DAYS: 30, APP_URL: 'http://localhost:3000' });
    expect([defaults.S3_ENDPOINT, defaults.API_URL, defaults.PATH_STYLE]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(
      loadConfig(HelperConfig, 'billing', {
        ...valid,
        TRIAL_DAYS: '730',
        CACHE_SECONDS: '0',
        API_URL: 'http://127.0.0.1:4010',
        PATH_STYLE: 'false',
      }),
    ).toMatchObject({
      TRIAL_DAYS: 730,
      CACHE_SECONDS: 0,
      API_URL: 'http://127.0.0.1:4010',
      PATH_STYLE: false,
    });
  });

  it('keeps one copy of the event stream unless told how many a cluster keeps', () => {
    expect(loadConfig(DatabaseConfig, 'billing', valid).EVENTS_STREAM_REPLICAS).toBe(1);
    expect(
      loadConfig(DatabaseConfig, 'billing', { ...valid, EVENTS_STREAM_REPLICAS: '3' }).EVENTS_STREAM_REPLICAS,
    ).toBe(3);
    expect(() => loadConfig(DatabaseConfig, 'billing', { ...valid, EVENTS_STREAM_REPLICAS: '2' })).toThrow(
      'EVENTS_STREAM_REPLICAS must be 1, 3 or 5',
    );
  });

  it('says a missing secret is required', () => {
    expect(() => loadConfig(DatabaseConfig, 'billing', { DATABASE_URL: valid.DATABASE_URL })).toThrow(
      'INTERNAL_TOKEN_SECRET is required (a random string of 32 or more characters)',
    );
  });

  it('names every missing or invalid variable and says what it should be', () => {
    const attempt = () =>
      loadConfig(DatabaseConfig, 'billing', {
        INTERNAL_TOKEN_SECRET: 'short',
        PORT: 'eighty',
        NATS_URL: 'localhost',
      });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(
      [
        'Invalid configuration for billing:',
        '  - DATABASE_URL is required (postgres://user:pass@host:5432/db)',
        '  - PORT must be a whole number (0 picks a free port)',
        '  - INTERNAL_TOKEN_SECRET must be at least 32 characters long',
        '  - NATS_URL must look like nats://host:4222, or several such addresses separated by commas',
      ].join('\n'),
    );
  });

  it('sizes the database pool from DATABASE_POOL_SIZE, 10 unless set, and refuses one of none', () => {
    const env = { DATABASE_URL: 'postgres://localhost/tourly', INTERNAL_TOKEN_SECRET: 'x'.repeat(32) };
    expect(loadConfig(DatabaseConfig, 'billing', env).DATABASE_POOL_SIZE).toBe(10);
    expect(
      loadConfig(DatabaseConfig, 'billing', { ...env, DATABASE_POOL_SIZE: '4' }).DATABASE_POOL_SIZE,
    ).toBe(4);
    expect(() => loadConfig(DatabaseConfig, 'billing', { ...env, DATABASE_POOL_SIZE: '0' })).toThrow(
      'DATABASE_POOL_SIZE must be between 1 and 200',
    );
  });

  it('takes the servers of a NATS cluster comma-separated, and refuses a list with a bad one', () => {
    const cluster = 'nats://10.0.0.1:4222,nats://10.0.0.2:4222,tls://10.0.0.3:4222';
    const env = { DATABASE_URL: 'postgres://localhost/tourly', INTERNAL_TOKEN_SECRET: 'x'.repeat(32) };
    expect(loadConfig(DatabaseConfig, 'billing', { ...env, NATS_URL: cluster }).NATS_URL).toBe(cluster);
    expect(() =>
      loadConfig(DatabaseConfig, 'billing', { ...env, NATS_URL: 'nats://10.0.0.1:4222,10.0.0.2:4222' }),
    ).toThrow('NATS_URL must look like nats://host:4222, or several such addresses separated by commas');
  });
});
