import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Segmentation jobs (issue 37): a provider's request to segment every panorama of a property's scan, with a step per
 * panorama that the worker settles once (its result, or why it failed after its tries), and the job's progress
 * counted on its row. At most one job of a property runs at a time.
 */
export class SegmentationJobs1765600000000 implements MigrationInterface {
  name = 'SegmentationJobs1765600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE segmentation_jobs (
        id uuid PRIMARY KEY,
        provider_id uuid NOT NULL,
        property_id uuid NOT NULL REFERENCES properties (id) ON DELETE CASCADE,
        scene_id uuid NOT NULL REFERENCES segmentation_scenes (id) ON DELETE CASCADE,
        status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done', 'failed')),
        total int NOT NULL CHECK (total > 0),
        segmented int NOT NULL DEFAULT 0,
        failed int NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        CHECK (segmented + failed <= total)
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX segmentation_jobs_running_uq ON segmentation_jobs (property_id) WHERE status = 'running'`,
    );
    await queryRunner.query(
      'CREATE INDEX segmentation_jobs_property_idx ON segmentation_jobs (property_id, created_at DESC)',
    );
    // result: the engine's labels (name, kind, share of the picture, box), whether it found furniture, and where the
    // mask is stored; error: why the panorama could not be segmented.
    await queryRunner.query(`
      CREATE TABLE segmentation_steps (
        job_id uuid NOT NULL REFERENCES segmentation_jobs (id) ON DELETE CASCADE,
        pano_id text NOT NULL,
        position int NOT NULL,
        room text,
        image_url text NOT NULL,
        status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'done', 'failed')),
        attempts int NOT NULL DEFAULT 0,
        result jsonb,
        error text,
        finished_at timestamptz,
        PRIMARY KEY (job_id, pano_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE segmentation_steps');
    await queryRunner.query('DROP TABLE segmentation_jobs');
  }
}
