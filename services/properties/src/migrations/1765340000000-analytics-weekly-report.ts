import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 33, the weekly analytics report: who opted out of it (per provider and address), which reports left (one row
 * per provider, week and recipient: what makes a run after a restart, or on a second replica, send nothing twice), and
 * the contacts (agents) who receive it for their listings.
 */
export class AnalyticsWeeklyReport1765340000000 implements MigrationInterface {
  name = 'AnalyticsWeeklyReport1765340000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE contacts ADD COLUMN weekly_report boolean NOT NULL DEFAULT false');
    // Addresses are kept lowercased, as the contacts' and identity's are compared: one opt-out per person.
    await queryRunner.query(`
      CREATE TABLE analytics_report_optouts (
        provider_id uuid NOT NULL,
        email text NOT NULL CONSTRAINT analytics_report_optouts_email_ck CHECK (email = lower(email)),
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT analytics_report_optouts_pk PRIMARY KEY (provider_id, email)
      )`);
    // A row is written in the transaction that sends its e-mail and commits after the mail API took it, so a recipient
    // is mailed at most once a week (twice only when the process dies between the two).
    await queryRunner.query(`
      CREATE TABLE analytics_reports_sent (
        provider_id uuid NOT NULL,
        week_start date NOT NULL CONSTRAINT analytics_reports_sent_monday_ck CHECK (extract(isodow FROM week_start) = 1),
        recipient_email text NOT NULL,
        sent_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT analytics_reports_sent_pk PRIMARY KEY (provider_id, week_start, recipient_email)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE analytics_reports_sent');
    await queryRunner.query('DROP TABLE analytics_report_optouts');
    await queryRunner.query('ALTER TABLE contacts DROP COLUMN weekly_report');
  }
}
