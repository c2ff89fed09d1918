import type { MigrationInterface, QueryRunner } from 'typeorm';

// The actions and categories as this migration wrote them (the lists in contracts may grow; a migration never changes).
const REDEEM_ACTIONS = ['credits_purchased', 'any_order_placed', 'subscription_created', 'sign_up_completed'];
const CATEGORIES = [
  'customer_purchase',
  'subscription_top_up',
  'trial',
  'booking_cancelled',
  'promotional',
  'floor_plan_issue',
  'post_production_issue',
  'photo_retouching_issue',
  'billing_issue',
  'customer_service_issue',
  'customer_retention',
  'customer_loyalty',
  'internal_use',
  'other',
];
const list = (values: string[]) => values.map((value) => `'${value}'`).join(', ');

/**
 * Offers: credits a provider receives once, automatically, when it does a redeemable action, as admins define them;
 * and each provider's redemption of each offer (its primary key: once per provider).
 */
export class Offers1764030000000 implements MigrationInterface {
  name = 'Offers1764030000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // An offer runs from `starts_at` (unset: from its creation) until `ends_at` (unset: until archived); archived
    // offers are kept for what they gave, never listed or given again.
    await queryRunner.query(`
      CREATE TABLE offers (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        description text,
        redeem_action text NOT NULL,
        credits integer NOT NULL,
        category text NOT NULL DEFAULT 'promotional',
        starts_at timestamptz,
        ends_at timestamptz,
        archived_at timestamptz,
        created_by text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT offers_name_length CHECK (char_length(name) BETWEEN 1 AND 100),
        CONSTRAINT offers_description_length CHECK (char_length(description) <= 500),
        CONSTRAINT offers_redeem_action CHECK (redeem_action IN (${list(REDEEM_ACTIONS)})),
        CONSTRAINT offers_credits_range CHECK (credits BETWEEN 1 AND 100000),
        CONSTRAINT offers_category CHECK (category IN (${list(CATEGORIES)})),
        CONSTRAINT offers_ends_after_starts CHECK (ends_at > starts_at)
      )`);
    // The admin's list (newest first, archived left out) and the running offers of an action.
    await queryRunner.query(
      'CREATE INDEX offers_listed_idx ON offers (created_at DESC, id DESC) WHERE archived_at IS NULL',
    );
    await queryRunner.query(
      'CREATE INDEX offers_action_idx ON offers (redeem_action) WHERE archived_at IS NULL',
    );

    // Which provider received which offer, and what triggered it (a payment intent, an order, an event's id).
    await queryRunner.query(`
      CREATE TABLE offer_redemptions (
        offer_id uuid NOT NULL CONSTRAINT offer_redemptions_offer_fk REFERENCES offers (id),
        provider_id uuid NOT NULL,
        reference text NOT NULL,
        redeemed_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT offer_redemptions_pk PRIMARY KEY (offer_id, provider_id),
        CONSTRAINT offer_redemptions_reference_given CHECK (reference <> '')
      )`);
    await queryRunner.query('CREATE INDEX offer_redemptions_provider_idx ON offer_redemptions (provider_id)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE offer_redemptions');
    await queryRunner.query('DROP TABLE offers');
  }
}
