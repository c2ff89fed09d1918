import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 33 (room-level lead attribution): the rooms a tour's visitor stayed in longest and the path it walked before
 * writing, as its browser reported them with consent; null for a website's lead, a visitor without consent, and every
 * lead kept before. The service checks the shape; the schema keeps it an object.
 */
export class LeadAttribution1765310000000 implements MigrationInterface {
  name = 'LeadAttribution1765310000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE leads ADD COLUMN attribution jsonb
        CONSTRAINT leads_attribution_object_ck CHECK (attribution IS NULL OR jsonb_typeof(attribution) = 'object')`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE leads DROP COLUMN attribution');
  }
}
