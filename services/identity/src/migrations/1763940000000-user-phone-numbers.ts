import type { MigrationInterface, QueryRunner } from 'typeorm';

export class UserPhoneNumbers1763940000000 implements MigrationInterface {
  name = 'UserPhoneNumbers1763940000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The number visitors see for a tour's agents (001: "Agent (tour): fullName, phoneNumber, avatarUrl"), as the
    // person typed it, trimmed; null when they keep none. The check repeats the profile's rule, so no other path
    // can store a number the player would show as garbage.
    await queryRunner.query('ALTER TABLE users ADD COLUMN phone_number text');
    await queryRunner.query(`
      ALTER TABLE users ADD CONSTRAINT users_phone_number_ck CHECK (
        phone_number IS NULL OR (
          char_length(phone_number) BETWEEN 6 AND 30
          AND phone_number ~ '^[0-9 +().-]+$'
          AND char_length(regexp_replace(phone_number, '[^0-9]', '', 'g')) >= 6
        )
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE users DROP COLUMN phone_number');
  }
}
