import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Client portals (issue 31): a client user's membership, and the invitation that makes it, carry the provider's
 * client (properties' `provider_clients.id`: another service's id, so no foreign key) whose portal it opens.
 * Only a client user carries a client; the team's roles never do.
 *
 * Named after team_invitations (1796000000010), which it changes: TypeORM runs migrations in the order of these
 * numbers, so a number in the 17648… range would run before that table exists on a fresh database.
 */
export class ClientPortalAccess1796000000020 implements MigrationInterface {
  name = 'ClientPortalAccess1796000000020';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE memberships ADD COLUMN provider_client_id uuid,
        ADD CONSTRAINT memberships_client_scope_ck CHECK (role = 'client_user' OR provider_client_id IS NULL)`);
    await queryRunner.query(
      `CREATE INDEX memberships_provider_client_idx ON memberships (provider_id, provider_client_id)
        WHERE provider_client_id IS NOT NULL`,
    );
    await queryRunner.query(`
      ALTER TABLE team_invitations ADD COLUMN provider_client_id uuid,
        DROP CONSTRAINT team_invitations_role_ck,
        ADD CONSTRAINT team_invitations_role_ck
          CHECK (role IN ('admin', 'scan_technician', 'member', 'client_user')),
        ADD CONSTRAINT team_invitations_client_scope_ck
          CHECK ((role = 'client_user') = (provider_client_id IS NOT NULL))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM team_invitations WHERE role = 'client_user'`);
    await queryRunner.query(`
      ALTER TABLE team_invitations DROP CONSTRAINT team_invitations_client_scope_ck,
        DROP CONSTRAINT team_invitations_role_ck,
        ADD CONSTRAINT team_invitations_role_ck CHECK (role IN ('admin', 'scan_technician', 'member')),
        DROP COLUMN provider_client_id`);
    await queryRunner.query('DROP INDEX memberships_provider_client_idx');
    await queryRunner.query(
      'ALTER TABLE memberships DROP CONSTRAINT memberships_client_scope_ck, DROP COLUMN provider_client_id',
    );
  }
}
