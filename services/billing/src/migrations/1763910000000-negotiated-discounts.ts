import type { MigrationInterface, QueryRunner } from 'typeorm';

export class NegotiatedDiscounts1763910000000 implements MigrationInterface {
  name = 'NegotiatedDiscounts1763910000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE billing_accounts
        ADD COLUMN discount_percent integer NOT NULL DEFAULT 0 CHECK (discount_percent BETWEEN 0 AND 100)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE billing_accounts DROP COLUMN discount_percent');
  }
}
