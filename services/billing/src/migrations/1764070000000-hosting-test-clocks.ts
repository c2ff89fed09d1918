import type { MigrationInterface, QueryRunner } from 'typeorm';

export class HostingTestClocks1764070000000 implements MigrationInterface {
  name = 'HostingTestClocks1764070000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Test mode (STRIPE_TEST_CLOCKS): the customer's own clock on the connected account; null otherwise.
    await queryRunner.query('ALTER TABLE hosting_customers ADD COLUMN test_clock_id text');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE hosting_customers DROP COLUMN test_clock_id');
  }
}
