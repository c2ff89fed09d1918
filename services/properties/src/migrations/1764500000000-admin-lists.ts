import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AdminLists1764500000000 implements MigrationInterface {
  name = 'AdminLists1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // When each tour (its player link) was made, for the back office's list of a provider's tours (issue 18). The
    // links made so far have UUID v7 ids, whose first 48 bits are their creation time in milliseconds; any other id
    // takes its last change as the best guess there is.
    await queryRunner.query('ALTER TABLE player_links ADD COLUMN created_at timestamptz');
    await queryRunner.query(`
      UPDATE player_links SET created_at = CASE
        WHEN substr(id::text, 15, 1) = '7'
          THEN to_timestamp(('x' || lpad(substr(replace(id::text, '-', ''), 1, 12), 16, '0'))::bit(64)::bigint / 1000.0)
        ELSE updated_at END`);
    await queryRunner.query('ALTER TABLE player_links ALTER COLUMN created_at SET DEFAULT now()');
    await queryRunner.query('ALTER TABLE player_links ALTER COLUMN created_at SET NOT NULL');
    // The back office's list: a provider's tours, newest first.
    await queryRunner.query(
      'CREATE INDEX player_links_provider_created_idx ON player_links (provider_id, created_at DESC, id DESC)',
    );
    // The back office's scan models: live properties grouped by model, and a model found by its id as well as by its
    // properties' titles and addresses (search_text's trigram index) when searched.
    await queryRunner.query(
      'CREATE INDEX properties_matterport_key_idx ON properties (matterport_key) WHERE deleted_at IS NULL',
    );
    await queryRunner.query(
      `CREATE INDEX properties_matterport_key_search_idx ON properties
         USING gin (lower(matterport_key) public.gin_trgm_ops) WHERE deleted_at IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX properties_matterport_key_search_idx');
    await queryRunner.query('DROP INDEX properties_matterport_key_idx');
    await queryRunner.query('DROP INDEX player_links_provider_created_idx');
    await queryRunner.query('ALTER TABLE player_links DROP COLUMN created_at');
  }
}
