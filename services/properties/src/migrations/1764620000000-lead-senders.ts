import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 29: who sent each lead, as a keyed hash of the client (an IPv4 address, an IPv6 network's /64; never the
 * address itself), so a tour's limit counts the senders new to it and lets those it heard from keep writing.
 * Leads kept before have none.
 */
export class LeadSenders1764620000000 implements MigrationInterface {
  name = 'LeadSenders1764620000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE leads ADD COLUMN sender_key text');
    await queryRunner.query(
      'CREATE INDEX leads_property_sender_idx ON leads (property_id, created_at, sender_key) WHERE sender_key IS NOT NULL',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX leads_property_sender_idx');
    await queryRunner.query('ALTER TABLE leads DROP COLUMN sender_key');
  }
}
