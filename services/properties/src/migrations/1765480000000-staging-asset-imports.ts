import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 36, bulk upload of staging assets: an administrator's CSV (one model a row), read at intake into one row each,
 * then worked through in the background, a row at a time, by whichever replica claims it. A row is settled (created,
 * with its asset, or failed, with its reasons) in the transaction that makes its asset, so a replica killed mid-row
 * leaves it pending and the next claim does it once.
 */
export class StagingAssetImports1765480000000 implements MigrationInterface {
  name = 'StagingAssetImports1765480000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE staging_asset_imports (
        id uuid PRIMARY KEY,
        csv_url text NOT NULL,
        actor_user_id uuid NOT NULL,
        impersonator_id uuid,
        row_count integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        CONSTRAINT staging_asset_imports_rows_ck CHECK (row_count > 0)
      )`);
    await queryRunner.query(
      'CREATE INDEX staging_asset_imports_created_idx ON staging_asset_imports (created_at DESC, id)',
    );

    // line: the row's line in the file (the header is line 1). fields: the row's cells by column, as read.
    // claimed_until: a replica works on the row until then; past it, the row is another's to claim.
    await queryRunner.query(`
      CREATE TABLE staging_asset_import_rows (
        import_id uuid NOT NULL REFERENCES staging_asset_imports (id) ON DELETE CASCADE,
        line integer NOT NULL,
        fields jsonb NOT NULL,
        status text NOT NULL DEFAULT 'pending',
        messages jsonb NOT NULL DEFAULT '[]',
        asset_id uuid,
        attempts integer NOT NULL DEFAULT 0,
        claimed_until timestamptz,
        settled_at timestamptz,
        PRIMARY KEY (import_id, line),
        CONSTRAINT staging_asset_import_rows_status_ck CHECK (status IN ('pending', 'created', 'failed')),
        CONSTRAINT staging_asset_import_rows_settled_ck CHECK (
          (status = 'pending' AND settled_at IS NULL AND asset_id IS NULL)
          OR (status = 'created' AND settled_at IS NOT NULL AND asset_id IS NOT NULL)
          OR (status = 'failed' AND settled_at IS NOT NULL AND asset_id IS NULL AND jsonb_array_length(messages) > 0))
      )`);
    await queryRunner.query(
      `CREATE INDEX staging_asset_import_rows_pending_idx ON staging_asset_import_rows (import_id, line)
        WHERE status = 'pending'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE staging_asset_import_rows');
    await queryRunner.query('DROP TABLE staging_asset_imports');
  }
}
