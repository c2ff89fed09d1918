import type { MigrationInterface, QueryRunner } from 'typeorm';

export class MatterportPlatformAccount1763970000000 implements MigrationInterface {
  name = 'MatterportPlatformAccount1763970000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The providers that read the platform's own Matterport account while they have no connection of their own: only
    // the demo provider of `npm start` (its seed sets it). Everyone else sees no models until it connects.
    await queryRunner.query(
      'ALTER TABLE providers ADD COLUMN matterport_platform_account boolean NOT NULL DEFAULT false',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE providers DROP COLUMN matterport_platform_account');
  }
}
