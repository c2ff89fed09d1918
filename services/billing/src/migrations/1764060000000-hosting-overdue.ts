import type { MigrationInterface, QueryRunner } from 'typeorm';

export class HostingOverdue1764060000000 implements MigrationInterface {
  name = 'HostingOverdue1764060000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // When billing announced the invoice overdue (billing.hosting.invoice.overdue.v1), once; null: not (yet).
    await queryRunner.query('ALTER TABLE hosting_invoices ADD COLUMN overdue_at timestamptz');
    // The overdue sweep's walk: open invoices not yet announced, by due date.
    await queryRunner.query(`
      CREATE INDEX hosting_invoices_due_idx ON hosting_invoices (due_date)
       WHERE status = 'open' AND overdue_at IS NULL`);
    // Hosting customers of a client, for the client's portal.
    await queryRunner.query(
      'CREATE INDEX hosting_customers_client_idx ON hosting_customers (provider_id, client_id) WHERE client_id IS NOT NULL',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX hosting_customers_client_idx');
    await queryRunner.query('DROP INDEX hosting_invoices_due_idx');
    await queryRunner.query('ALTER TABLE hosting_invoices DROP COLUMN overdue_at');
  }
}
