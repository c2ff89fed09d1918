import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AdminChanges1763980000000 implements MigrationInterface {
  name = 'AdminChanges1763980000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The audit trail of what platform admins changed on a provider's records (issue 18): identity's own changes,
    // recorded in the change's transaction, and billing's and orders', heard from their
    // `<service>.admin_change.recorded.v1` events. A heard change's id is its event's id, so a redelivered event
    // records nothing twice. `before` / `after`: the fields the change touched, as they were and as they are
    // (null: none before / none after).
    await queryRunner.query(`
      CREATE TABLE admin_changes (
        id uuid PRIMARY KEY,
        provider_id uuid NOT NULL REFERENCES providers (id) ON DELETE CASCADE,
        admin_id uuid NOT NULL REFERENCES users (id),
        action text NOT NULL,
        before jsonb,
        after jsonb,
        changed_at timestamptz NOT NULL,
        source text NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT admin_changes_action_ck CHECK (action IN ('billing_account.updated', 'pricing.set',
          'service_plan_subscription.changed', 'credits.adjusted', 'credits.given', 'floorplan_configuration.updated',
          'tag.changed', 'primary_provider.changed')),
        CONSTRAINT admin_changes_source_ck CHECK (source IN ('identity', 'billing', 'orders')),
        CONSTRAINT admin_changes_before_ck CHECK (before IS NULL OR jsonb_typeof(before) = 'object'),
        CONSTRAINT admin_changes_after_ck CHECK (after IS NULL OR jsonb_typeof(after) = 'object')
      )`);
    await queryRunner.query(
      'CREATE INDEX admin_changes_provider_idx ON admin_changes (provider_id, changed_at DESC, id DESC)',
    );
    // The admin's label on a provider (one short line, or none), shown and filtered on in the console's list.
    await queryRunner.query(`
      ALTER TABLE providers ADD COLUMN tag text,
        ADD CONSTRAINT providers_tag_ck CHECK (tag IS NULL OR (char_length(tag) BETWEEN 1 AND 40 AND tag = btrim(tag)))`);
    await queryRunner.query('CREATE INDEX providers_tag_idx ON providers (tag) WHERE tag IS NOT NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX providers_tag_idx');
    await queryRunner.query('ALTER TABLE providers DROP CONSTRAINT providers_tag_ck, DROP COLUMN tag');
    await queryRunner.query('DROP TABLE admin_changes');
  }
}
