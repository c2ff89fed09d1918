import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Team invitations (issue 31): a provider's admin invites an email with a role; the emailed link (its token kept
 * only as a SHA-256) makes the person a member once, for 7 days. One open invitation per provider and email.
 */
export class TeamInvitations1796000000010 implements MigrationInterface {
  name = 'TeamInvitations1796000000010';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE team_invitations (
        id uuid NOT NULL,
        provider_id uuid NOT NULL REFERENCES providers (id) ON DELETE CASCADE,
        email text NOT NULL,
        role text NOT NULL,
        token_hash bytea NOT NULL,
        invited_by uuid REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        accepted_at timestamptz,
        accepted_by uuid REFERENCES users (id) ON DELETE SET NULL,
        revoked_at timestamptz,
        CONSTRAINT team_invitations_pk PRIMARY KEY (id),
        CONSTRAINT team_invitations_role_ck CHECK (role IN ('admin', 'scan_technician', 'member')),
        CONSTRAINT team_invitations_email_ck CHECK (email = lower(trim(email)) AND email <> ''),
        CONSTRAINT team_invitations_closed_once_ck CHECK (accepted_at IS NULL OR revoked_at IS NULL)
      )`);
    await queryRunner.query(
      'CREATE UNIQUE INDEX team_invitations_token_hash_uq ON team_invitations (token_hash)',
    );
    await queryRunner.query(`
      CREATE UNIQUE INDEX team_invitations_open_uq ON team_invitations (provider_id, email)
       WHERE accepted_at IS NULL AND revoked_at IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE team_invitations');
  }
}
