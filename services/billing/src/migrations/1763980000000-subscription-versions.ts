import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SubscriptionVersions1763980000000 implements MigrationInterface {
  name = 'SubscriptionVersions1763980000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The version of each provider's subscription as billing announces it: incremented under the provider's lock in
    // the transaction that publishes billing.subscription.changed.v1, and carried in it. Consumers order a provider's
    // plan changes by it, never by a process clock. Rows from before start at 0: their next change is version 1, and
    // an event without a version (published before this column) counts as older than any with one.
    await queryRunner.query('ALTER TABLE subscriptions ADD COLUMN version bigint NOT NULL DEFAULT 0');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE subscriptions DROP COLUMN version');
  }
}
