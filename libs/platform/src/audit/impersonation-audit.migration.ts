import type { MigrationInterface, QueryRunner } from 'typeorm';
import type { Queryable } from '../database/rows';
import { rows } from '../database/rows';

/** The trigger every audited table of a service's schema has (`installImpersonationAudit`). */
export const IMPERSONATION_AUDIT_TRIGGER = 'audit_impersonated_change';

/** The platform's own tables, never a provider's record. */
const PLATFORM_TABLES = ['outbox', 'inbox', 'dead_letters', 'migrations'];

/**
 * What an administrator changes while impersonating a provider, recorded by the database: a row trigger on each of
 * the service's tables that, while the connection carries an impersonation (`tourly.impersonation`, set per request
 * by `tagConnectionsWithImpersonation`), writes `<schema>.admin_change.recorded.v1` to the outbox in the change's own
 * transaction: `record.created`, `record.updated` or `record.deleted`, the table, and the fields as they were and as
 * they are (an update: only those that changed, with the row's id, name and title to say which it was). Generated
 * columns, the provider id, timestamps and versions are left out; a string in a column named like a secret is shown
 * as "(hidden)", a value longer than 500 characters as "(too long to show)". Identity keeps them in the provider's
 * audit trail, with the changes administrators make through their own routes.
 */
export class ImpersonationAudit1796000000000 implements MigrationInterface {
  name = 'ImpersonationAudit1796000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION audit_shown(fields jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $fn$
        SELECT CASE WHEN fields IS NULL THEN NULL ELSE coalesce((
          SELECT jsonb_object_agg(key, CASE
                   WHEN jsonb_typeof(value) = 'string'
                    AND key ~ '(secret|token|password|hash|digest|sealed|encrypted|cipher|api_key)'
                     THEN to_jsonb('(hidden)'::text)
                   WHEN length(value::text) > 500 THEN to_jsonb('(too long to show)'::text)
                   ELSE value END)
            FROM jsonb_each(fields)), '{}'::jsonb) END
      $fn$`);
    await queryRunner.query(`
      CREATE FUNCTION ${IMPERSONATION_AUDIT_TRIGGER}() RETURNS trigger LANGUAGE plpgsql AS $fn$
      DECLARE
        who jsonb := nullif(current_setting('tourly.impersonation', true), '')::jsonb;
        left_out text[];
        was jsonb;
        now_is jsonb;
        changed text[];
        at text;
        event_id uuid;
        subject text;
      BEGIN
        IF who IS NULL THEN
          RETURN NULL;
        END IF;
        SELECT coalesce(array_agg(attname::text), '{}') INTO left_out
          FROM pg_attribute WHERE attrelid = TG_RELID AND attgenerated <> '';
        left_out := left_out || ARRAY['provider_id', 'created_at', 'updated_at', 'version'];
        IF TG_OP <> 'INSERT' THEN
          was := to_jsonb(OLD) - left_out;
        END IF;
        IF TG_OP <> 'DELETE' THEN
          now_is := to_jsonb(NEW) - left_out;
        END IF;
        IF TG_OP = 'UPDATE' THEN
          SELECT coalesce(array_agg(key), '{}') INTO changed
            FROM jsonb_each(now_is) WHERE now_is -> key IS DISTINCT FROM was -> key;
          IF cardinality(changed) = 0 THEN
            RETURN NULL;
          END IF;
          changed := changed || ARRAY['id', 'name', 'title'];
          SELECT jsonb_object_agg(key, value) INTO was FROM jsonb_each(was) WHERE key = ANY (changed);
          SELECT jsonb_object_agg(key, value) INTO now_is FROM jsonb_each(now_is) WHERE key = ANY (changed);
        END IF;
        at := to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"');
        event_id := gen_random_uuid();
        subject := TG_TABLE_SCHEMA || '.admin_change.recorded.v1';
        EXECUTE format('INSERT INTO %I.outbox (id, subject, envelope) VALUES ($1, $2, $3)', TG_TABLE_SCHEMA)
          USING event_id, subject, jsonb_build_object(
            'id', event_id, 'type', subject, 'occurred_at', at, 'provider_id', who ->> 'provider_id',
            'data', jsonb_build_object(
              'provider_id', who ->> 'provider_id',
              'admin_id', who ->> 'admin_id',
              'action', 'record.' || CASE TG_OP WHEN 'INSERT' THEN 'created' WHEN 'UPDATE' THEN 'updated'
                                                ELSE 'deleted' END,
              'record', TG_TABLE_NAME,
              'before', audit_shown(was),
              'after', audit_shown(now_is),
              'changed_at', at));
        PERFORM pg_notify(TG_TABLE_SCHEMA || '_outbox', '');
        RETURN NULL;
      END
      $fn$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION ${IMPERSONATION_AUDIT_TRIGGER}() CASCADE`);
    await queryRunner.query('DROP FUNCTION audit_shown(jsonb)');
  }
}

/**
 * Puts the audit trigger on every table of the schema but the platform's own and those the service says hold no
 * provider's records (`unaudited`: its machinery, its projections of other services' data), and takes it off those
 * again: run after the migrations at each start, so a table a new migration makes is audited without anyone
 * remembering to. Creates only what is missing, so a start that changes nothing takes no table lock.
 */
export async function installImpersonationAudit(
  db: Queryable,
  schema: string,
  unaudited: readonly string[],
): Promise<void> {
  const tables = await rows<{ name: string; audited: boolean }>(
    db,
    `SELECT c.relname AS name,
            EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname = $2) AS audited
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') AND NOT c.relispartition`,
    [schema, IMPERSONATION_AUDIT_TRIGGER],
  );
  const skipped = new Set([...PLATFORM_TABLES, ...unaudited]);
  for (const { name, audited } of tables) {
    const table = `"${schema}"."${name}"`;
    if (!skipped.has(name) && !audited) {
      await db.query(
        `CREATE TRIGGER ${IMPERSONATION_AUDIT_TRIGGER} AFTER INSERT OR UPDATE OR DELETE ON ${table}
           FOR EACH ROW EXECUTE FUNCTION "${schema}".${IMPERSONATION_AUDIT_TRIGGER}()`,
      );
    } else if (skipped.has(name) && audited) {
      await db.query(`DROP TRIGGER ${IMPERSONATION_AUDIT_TRIGGER} ON ${table}`);
    }
  }
}
