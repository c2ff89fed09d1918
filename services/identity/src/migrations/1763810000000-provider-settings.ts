import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ProviderSettings1763810000000 implements MigrationInterface {
  name = 'ProviderSettings1763810000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE providers ADD COLUMN logo_url text');
    await queryRunner.query(
      'ALTER TABLE providers ADD COLUMN auto_populate_models boolean NOT NULL DEFAULT false',
    );
    await queryRunner.query(
      `ALTER TABLE providers ADD CONSTRAINT providers_subdomain_format_ck
         CHECK (subdomain IS NULL OR subdomain ~ '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE providers DROP CONSTRAINT providers_subdomain_format_ck');
    await queryRunner.query('ALTER TABLE providers DROP COLUMN auto_populate_models');
    await queryRunner.query('ALTER TABLE providers DROP COLUMN logo_url');
  }
}
