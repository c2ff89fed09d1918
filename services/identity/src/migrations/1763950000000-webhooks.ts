import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Webhooks1763950000000 implements MigrationInterface {
  name = 'Webhooks1763950000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // One per provider: its developer settings for outgoing webhooks, holding its endpoints.
    await queryRunner.query(`
      CREATE TABLE webhook_subscriptions (
        id uuid PRIMARY KEY,
        provider_id uuid NOT NULL UNIQUE REFERENCES providers(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // `previous_secret` still signs (beside `secret`) until it expires: receivers switch keys without a gap.
    // `failing_since`: the first failed attempt since the last success, for disabling an endpoint failing for days.
    await queryRunner.query(`
      CREATE TABLE webhook_endpoints (
        id uuid PRIMARY KEY,
        subscription_id uuid NOT NULL REFERENCES webhook_subscriptions(id) ON DELETE CASCADE,
        provider_id uuid NOT NULL REFERENCES providers(id) ON DELETE CASCADE,
        url text NOT NULL,
        description text NOT NULL DEFAULT '',
        event_types text[] NOT NULL,
        enabled boolean NOT NULL DEFAULT true,
        disabled_at timestamptz,
        disabled_reason text,
        failing_since timestamptz,
        secret text NOT NULL,
        previous_secret text,
        previous_secret_expires_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX webhook_endpoints_provider_idx ON webhook_endpoints (provider_id)');
    // One event, as the receivers see it: its body (Standard Webhooks' `{type, timestamp, data}`) is built once and
    // sent, byte for byte, to every endpoint that wants it, on every attempt.
    await queryRunner.query(`
      CREATE TABLE webhook_messages (
        id text PRIMARY KEY,
        provider_id uuid NOT NULL REFERENCES providers(id) ON DELETE CASCADE,
        event_type text NOT NULL,
        body text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One message to one endpoint. Pending with `lease_until` in the future: a dispatcher is sending it now (the one
    // holding `lease_token`); past: that dispatcher died, and another takes it over. `attempts` counts the current
    // round of tries (a replay starts a new round); `webhook_attempts` keeps every try.
    await queryRunner.query(`
      CREATE TABLE webhook_deliveries (
        id uuid PRIMARY KEY,
        message_id text NOT NULL REFERENCES webhook_messages(id) ON DELETE CASCADE,
        endpoint_id uuid NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
        provider_id uuid NOT NULL,
        event_type text NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz,
        lease_until timestamptz,
        lease_token uuid,
        last_attempt_at timestamptz,
        last_status_code integer,
        last_latency_ms integer,
        last_response_snippet text,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        delivered_at timestamptz,
        UNIQUE (message_id, endpoint_id)
      )`);
    // A claim looks at each endpoint's first due deliveries (never the whole backlog of one that is stuck), and
    // counts the leases in flight (the few rows being sent).
    await queryRunner.query(`
      CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (endpoint_id, next_attempt_at, id)
      WHERE status = 'pending'`);
    await queryRunner.query(`
      CREATE INDEX webhook_deliveries_leased_idx ON webhook_deliveries (endpoint_id, lease_until)
      WHERE lease_until IS NOT NULL`);
    await queryRunner.query(
      'CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at DESC, id DESC)',
    );
    await queryRunner.query(`
      CREATE TABLE webhook_attempts (
        delivery_id uuid NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
        number integer NOT NULL,
        started_at timestamptz NOT NULL,
        status_code integer,
        latency_ms integer,
        response_snippet text,
        error text,
        PRIMARY KEY (delivery_id, number)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE webhook_attempts');
    await queryRunner.query('DROP TABLE webhook_deliveries');
    await queryRunner.query('DROP TABLE webhook_messages');
    await queryRunner.query('DROP TABLE webhook_endpoints');
    await queryRunner.query('DROP TABLE webhook_subscriptions');
  }
}
