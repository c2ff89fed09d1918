import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ImmersiveExtensionVersions1763990000000 implements MigrationInterface {
  name = 'ImmersiveExtensionVersions1763990000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Billing's word on a tour paid on its own (billing.immersive_extension.changed.v1, and its answers to subscribe
    // and cancel) is ordered by the tour's extension version it carries (billing's database hands it out under the
    // row's lock), no longer by immex_changed_at, billing's occurred_at or properties' own clock: a billing replica
    // running ahead made a later change look older. Null: only words without a version recorded yet (from before
    // billing had versions), older than any versioned one.
    await queryRunner.query('ALTER TABLE properties ADD COLUMN immex_version bigint');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE properties DROP COLUMN immex_version');
  }
}
