import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The visitor's player (issue 13): the segmentation scene of a scanned model, keyed by the model's Matterport key and
 * its Matterport model id, with the segmented panoramas it holds (none until a segmentation has run).
 */
export class SegmentationScenes1764100000000 implements MigrationInterface {
  name = 'SegmentationScenes1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // panos: [{id, url, labels}] once a segmentation has run; status says where it is.
    await queryRunner.query(`
      CREATE TABLE segmentation_scenes (
        id uuid PRIMARY KEY,
        matterport_key text NOT NULL,
        mp_model_id text NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'ready')),
        panos jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (matterport_key, mp_model_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE segmentation_scenes');
  }
}
