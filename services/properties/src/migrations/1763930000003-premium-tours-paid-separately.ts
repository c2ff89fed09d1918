import type { MigrationInterface, QueryRunner } from 'typeorm';

export class PremiumToursPaidSeparately1763930000003 implements MigrationInterface {
  name = 'PremiumToursPaidSeparately1763930000003';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A premium tour paid on its own (billing's immersive extension): outside the plan's quota and its downgrades.
    await queryRunner.query('ALTER TABLE properties ADD COLUMN immex_subscription_id text');
    // When billing's last word on this tour's payment was said: an older word arriving late changes nothing.
    await queryRunner.query('ALTER TABLE properties ADD COLUMN immex_changed_at timestamptz');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE properties DROP COLUMN immex_changed_at');
    await queryRunner.query('ALTER TABLE properties DROP COLUMN immex_subscription_id');
  }
}
