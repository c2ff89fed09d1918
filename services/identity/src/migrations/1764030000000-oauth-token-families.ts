import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each OAuth token row belongs to the family of the grant it descends from (a password or client-credentials grant
 * starts one; every refresh carries it on), so a used refresh token that comes back revokes what that grant led to.
 * Rows from before have no known ancestry: each starts its own family.
 */
export class OauthTokenFamilies1764030000000 implements MigrationInterface {
  name = 'OauthTokenFamilies1764030000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE oauth_tokens ADD COLUMN family_id uuid');
    await queryRunner.query('UPDATE oauth_tokens SET family_id = id');
    await queryRunner.query('ALTER TABLE oauth_tokens ALTER COLUMN family_id SET NOT NULL');
    await queryRunner.query(
      'CREATE INDEX oauth_tokens_family_live_idx ON oauth_tokens (family_id) WHERE revoked_at IS NULL',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE oauth_tokens DROP COLUMN family_id');
  }
}
