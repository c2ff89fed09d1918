import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit trail also keeps what an administrator changes while impersonating a provider (issue 29): each row the
 * database saw change, from any service (properties' included), under `record.created|updated|deleted` with its
 * table in `record`.
 */
export class ImpersonatedChanges1796000000001 implements MigrationInterface {
  name = 'ImpersonatedChanges1796000000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE admin_changes
        ADD COLUMN record text,
        DROP CONSTRAINT admin_changes_action_ck,
        DROP CONSTRAINT admin_changes_source_ck,
        ADD CONSTRAINT admin_changes_action_ck CHECK (action IN ('billing_account.updated', 'pricing.set',
          'service_plan_subscription.changed', 'credits.adjusted', 'credits.given', 'floorplan_configuration.updated',
          'tag.changed', 'primary_provider.changed', 'record.created', 'record.updated', 'record.deleted')),
        ADD CONSTRAINT admin_changes_source_ck CHECK (source IN ('identity', 'billing', 'properties', 'orders')),
        ADD CONSTRAINT admin_changes_record_ck CHECK ((action LIKE 'record.%') = (record IS NOT NULL))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM admin_changes WHERE record IS NOT NULL OR source = 'properties'`);
    await queryRunner.query(`
      ALTER TABLE admin_changes
        DROP CONSTRAINT admin_changes_record_ck,
        DROP CONSTRAINT admin_changes_action_ck,
        DROP CONSTRAINT admin_changes_source_ck,
        DROP COLUMN record,
        ADD CONSTRAINT admin_changes_action_ck CHECK (action IN ('billing_account.updated', 'pricing.set',
          'service_plan_subscription.changed', 'credits.adjusted', 'credits.given', 'floorplan_configuration.updated',
          'tag.changed', 'primary_provider.changed')),
        ADD CONSTRAINT admin_changes_source_ck CHECK (source IN ('identity', 'billing', 'orders'))`);
  }
}
