import type { MigrationInterface, QueryRunner } from 'typeorm';

// The steps as this migration leaves them (the list in contracts may grow; a migration never changes).
const list = (values: string[]) => values.map((value) => `'${value}'`).join(', ');
const BEFORE = ['received', 'assigned', 'in_progress', 'paused', 'delivered', 'cancelled', 'amendment'];
const AFTER = ['placed', 'assigned', 'in_progress', 'paused', 'delivered', 'cancelled', 'amendment'];

/**
 * An order's first step is `placed`, the word of its status (issue 29: orders said "Received" in one place and
 * "Placed" in another): the steps recorded as `received` are renamed.
 */
export class PlacedStep1764150000000 implements MigrationInterface {
  name = 'PlacedStep1764150000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await rename(queryRunner, 'received', 'placed', AFTER);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await rename(queryRunner, 'placed', 'received', BEFORE);
  }
}

async function rename(queryRunner: QueryRunner, from: string, to: string, steps: string[]): Promise<void> {
  await queryRunner.query('ALTER TABLE order_steps DROP CONSTRAINT order_steps_step');
  await queryRunner.query('UPDATE order_steps SET step = $2 WHERE step = $1', [from, to]);
  await queryRunner.query(
    `ALTER TABLE order_steps ADD CONSTRAINT order_steps_step CHECK (step IN (${list(steps)}))`,
  );
}
