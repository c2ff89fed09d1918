import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 31: the provider's clients (the agencies it works for) and contacts (the people it works with who are not
 * users: an agency's agents), and which client a property is for. A contact's e-mail address is one contact per
 * provider; a client's or a contact's removal leaves the properties and contacts that pointed at it unassigned.
 */
export class ClientsAndContacts1764700000000 implements MigrationInterface {
  name = 'ClientsAndContacts1764700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE provider_clients (
        id uuid PRIMARY KEY,
        provider_id uuid NOT NULL,
        name text NOT NULL,
        email_address text,
        phone_number text,
        default_player_branding_logo_url text,
        search_text text GENERATED ALWAYS AS (lower(name || ' ' || coalesce(email_address, ''))) STORED,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (provider_id, id)
      )`);
    await queryRunner.query(
      'CREATE INDEX provider_clients_provider_idx ON provider_clients (provider_id, name, id)',
    );
    await queryRunner.query(`
      CREATE TABLE contacts (
        id uuid PRIMARY KEY,
        provider_id uuid NOT NULL,
        provider_client_id uuid,
        full_name text NOT NULL,
        email_address text NOT NULL,
        phone_number text,
        search_text text GENERATED ALWAYS AS (lower(full_name || ' ' || email_address || ' ' || coalesce(phone_number, ''))) STORED,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT contacts_client_fk FOREIGN KEY (provider_id, provider_client_id)
          REFERENCES provider_clients (provider_id, id) ON DELETE SET NULL (provider_client_id)
      )`);
    await queryRunner.query(
      'CREATE UNIQUE INDEX contacts_provider_email_uq ON contacts (provider_id, lower(email_address))',
    );
    await queryRunner.query('CREATE INDEX contacts_provider_idx ON contacts (provider_id, full_name, id)');
    await queryRunner.query(
      'CREATE INDEX contacts_client_idx ON contacts (provider_client_id) WHERE provider_client_id IS NOT NULL',
    );
    await queryRunner.query(`
      ALTER TABLE properties ADD COLUMN provider_client_id uuid,
        ADD CONSTRAINT properties_client_fk FOREIGN KEY (provider_id, provider_client_id)
          REFERENCES provider_clients (provider_id, id) ON DELETE SET NULL (provider_client_id)`);
    await queryRunner.query(
      'CREATE INDEX properties_client_idx ON properties (provider_client_id, created_at) WHERE provider_client_id IS NOT NULL',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE properties DROP COLUMN provider_client_id');
    await queryRunner.query('DROP TABLE contacts');
    await queryRunner.query('DROP TABLE provider_clients');
  }
}
