import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 32, the autopilot: a tour of a hosting-fee subscription whose invoice went unpaid past its due date is paused
 * for visitors until it is paid or voided, unless the provider exempted it.
 */
export class HostingPauses1765100000000 implements MigrationInterface {
  name = 'HostingPauses1765100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE properties ADD COLUMN hosting_exempt boolean NOT NULL DEFAULT false,
        ADD COLUMN hosting_paused_at timestamptz`);
    // Billing's overdue invoices as properties learnt them (its events): settled_at set once paid or voided, kept so
    // an overdue event arriving after the payment's pauses nothing.
    await queryRunner.query(`
      CREATE TABLE hosting_overdue_invoices (
        invoice_id uuid PRIMARY KEY,
        provider_id uuid NOT NULL,
        property_ids uuid[] NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        settled_at timestamptz
      )`);
    await queryRunner.query(`
      CREATE INDEX hosting_overdue_invoices_unsettled_idx ON hosting_overdue_invoices USING gin (property_ids)
       WHERE settled_at IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE hosting_overdue_invoices');
    await queryRunner.query(
      'ALTER TABLE properties DROP COLUMN hosting_paused_at, DROP COLUMN hosting_exempt',
    );
  }
}
