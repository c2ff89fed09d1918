import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Referrals1763990000000 implements MigrationInterface {
  name = 'Referrals1763990000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Each provider's referral code, on the sign-up link it shares (`/users/sign_up?referral_code=<code>`): 12 hex digits,
    // drawn by the database for every provider, those that exist now included.
    await queryRunner.query(`
      ALTER TABLE providers ADD COLUMN referral_code text NOT NULL UNIQUE
        DEFAULT substr(replace(gen_random_uuid()::text, '-', ''), 1, 12)`);
    // The code a person signed up with, kept until the emailed code creates the account.
    await queryRunner.query('ALTER TABLE sign_up_requests ADD COLUMN referral_code text');
    // Who referred whom: the person who signed up with a provider's code, and the business they then set up.
    await queryRunner.query(`
      CREATE TABLE referrals (
        referred_user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        referrer_provider_id uuid NOT NULL REFERENCES providers (id) ON DELETE CASCADE,
        referred_provider_id uuid REFERENCES providers (id) ON DELETE SET NULL,
        referred_at timestamptz NOT NULL DEFAULT now(),
        provider_set_up_at timestamptz
      )`);
    await queryRunner.query('CREATE INDEX referrals_referred_at_idx ON referrals (referred_at)');
    await queryRunner.query(
      'CREATE INDEX referrals_referrer_idx ON referrals (referrer_provider_id, referred_at)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE referrals');
    await queryRunner.query('ALTER TABLE sign_up_requests DROP COLUMN referral_code');
    await queryRunner.query('ALTER TABLE providers DROP COLUMN referral_code');
  }
}
