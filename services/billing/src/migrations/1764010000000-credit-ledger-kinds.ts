import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * More ways for credits to come and go, each its own ledger kind: an admin's credit bundle (`grant`), a voucher
 * redeemed (`voucher`), an offer received (`offer`) and a refunded purchase taken back (`refund`). Each carries a
 * category like purchases and adjustments; a refund takes credits away, the others bring them in.
 */
export class CreditLedgerKinds1764010000000 implements MigrationInterface {
  name = 'CreditLedgerKinds1764010000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await this.constrain(
      queryRunner,
      ['purchase', 'adjustment', 'spend', 'release', 'grant', 'voucher', 'offer', 'refund'],
      ['purchase', 'adjustment', 'grant', 'voucher', 'offer', 'refund'],
      `CASE kind WHEN 'spend' THEN amount < 0 WHEN 'refund' THEN amount < 0 WHEN 'adjustment' THEN amount <> 0
         ELSE amount > 0 END`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await this.constrain(
      queryRunner,
      ['purchase', 'adjustment', 'spend', 'release'],
      ['purchase', 'adjustment'],
      `CASE kind WHEN 'spend' THEN amount < 0 WHEN 'adjustment' THEN amount <> 0 ELSE amount > 0 END`,
    );
  }

  private async constrain(
    queryRunner: QueryRunner,
    kinds: string[],
    withCategory: string[],
    amountSign: string,
  ): Promise<void> {
    const list = (values: string[]) => values.map((value) => `'${value}'`).join(', ');
    await queryRunner.query(`
      ALTER TABLE credit_ledger
        DROP CONSTRAINT credit_ledger_kind,
        DROP CONSTRAINT credit_ledger_category_given,
        DROP CONSTRAINT credit_ledger_amount_sign,
        ADD CONSTRAINT credit_ledger_kind CHECK (kind IN (${list(kinds)})),
        ADD CONSTRAINT credit_ledger_category_given CHECK ((kind IN (${list(withCategory)})) = (category IS NOT NULL)),
        ADD CONSTRAINT credit_ledger_amount_sign CHECK (${amountSign})`);
  }
}
