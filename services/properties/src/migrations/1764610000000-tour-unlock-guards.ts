import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 29: the guesses at each tour's password, so that guessing from many addresses is spaced out per tour
 * (`tour_unlock_guards`), and which addresses guessed wrong at it lately (`tour_unlock_wrong_addresses`, the
 * client address key, an IPv6 address's /64), so a visitor who did not is let in while the tour waits.
 */
export class TourUnlockGuards1764610000000 implements MigrationInterface {
  name = 'TourUnlockGuards1764610000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE tour_unlock_guards (
        property_id uuid PRIMARY KEY REFERENCES properties (id),
        wrong_guesses integer NOT NULL DEFAULT 0 CHECK (wrong_guesses >= 0),
        last_wrong_at timestamptz NOT NULL DEFAULT now(),
        next_guess_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE tour_unlock_wrong_addresses (
        property_id uuid NOT NULL REFERENCES properties (id),
        address_key text NOT NULL,
        wrong_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT tour_unlock_wrong_addresses_pk PRIMARY KEY (property_id, address_key)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE tour_unlock_wrong_addresses, tour_unlock_guards');
  }
}
