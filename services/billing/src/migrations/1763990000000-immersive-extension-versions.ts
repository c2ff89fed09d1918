import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ImmersiveExtensionVersions1763990000000 implements MigrationInterface {
  name = 'ImmersiveExtensionVersions1763990000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The version of each tour's extension (per provider and property, across the Stripe subscriptions that pay for
    // it one after the other) as billing announces it: incremented under this row's lock in the transaction that
    // publishes billing.immersive_extension.changed.v1, carried in it and in the answers to subscribe and cancel.
    // Properties orders a tour's extension changes by it, never by a process clock. No row: version 0, nothing
    // announced with a version yet (an event without one, published before this table, is older than any with one).
    await queryRunner.query(`
      CREATE TABLE immersive_extension_versions (
        provider_id uuid NOT NULL REFERENCES billing_accounts (provider_id),
        property_id uuid NOT NULL,
        version bigint NOT NULL,
        PRIMARY KEY (provider_id, property_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE immersive_extension_versions');
  }
}
