import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ImpersonationReturn1764010000000 implements MigrationInterface {
  name = 'ImpersonationReturn1764010000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The console page the administrator started from (a path under /admin): stopping goes back there.
    await queryRunner.query('ALTER TABLE impersonations ADD COLUMN return_to text');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE impersonations DROP COLUMN return_to');
  }
}
