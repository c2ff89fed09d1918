import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 33, lead-gated tours: the positions (sweeps) a visitor of the tour may see before the contact form asks for
 * their details; null: no gate. Beside the password on the player link, the other setting that guards the tour.
 */
export class LeadGate1765320000000 implements MigrationInterface {
  name = 'LeadGate1765320000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE player_links ADD COLUMN lead_gate_sweeps integer
        CONSTRAINT player_links_lead_gate_sweeps_range CHECK (lead_gate_sweeps BETWEEN 1 AND 50)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE player_links DROP COLUMN lead_gate_sweeps');
  }
}
