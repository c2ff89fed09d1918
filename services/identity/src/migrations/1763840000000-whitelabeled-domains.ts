import type { MigrationInterface, QueryRunner } from 'typeorm';

export class WhitelabeledDomains1763840000000 implements MigrationInterface {
  name = 'WhitelabeledDomains1763840000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE whitelabeled_domains (
        id uuid PRIMARY KEY,
        provider_id uuid NOT NULL REFERENCES providers (id) ON DELETE CASCADE,
        subdomain text NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'active', 'failed')),
        failure_reason text,
        requested_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT whitelabeled_domains_provider_uq UNIQUE (provider_id)
      )`);
    await queryRunner.query(
      'CREATE UNIQUE INDEX whitelabeled_domains_subdomain_uq ON whitelabeled_domains (lower(subdomain))',
    );
    await queryRunner.query(
      'CREATE INDEX whitelabeled_domains_status_idx ON whitelabeled_domains (status, requested_at)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE whitelabeled_domains');
  }
}
