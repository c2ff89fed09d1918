import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 34, fonts: a font's weight is one of the spec's four (002 constants: Light 300, Normal 400, Bold 700,
 * Black 900). Every stored font (an object with a `family` and a `weight`: the overlay's title items and its menu,
 * in a tour's draft and published layers and in the overlay templates) moves Medium 500 to 400 and Semibold 600 to
 * 700. The walk is a function of this migration's own session (pg_temp), gone with it.
 */
export class FontWeights1765440000000 implements MigrationInterface {
  name = 'FontWeights1765440000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION pg_temp.spec_font_weights(node jsonb) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
      BEGIN
        IF jsonb_typeof(node) = 'array' THEN
          RETURN (SELECT coalesce(jsonb_agg(pg_temp.spec_font_weights(element) ORDER BY place), '[]'::jsonb)
                    FROM jsonb_array_elements(node) WITH ORDINALITY AS elements(element, place));
        ELSIF jsonb_typeof(node) = 'object' THEN
          IF node ? 'family' AND node -> 'weight' IN ('500'::jsonb, '600'::jsonb) THEN
            node := jsonb_set(node, '{weight}', CASE node ->> 'weight' WHEN '500' THEN '400' ELSE '700' END::jsonb);
          END IF;
          RETURN (SELECT coalesce(jsonb_object_agg(key, pg_temp.spec_font_weights(value)), '{}'::jsonb)
                    FROM jsonb_each(node));
        END IF;
        RETURN node;
      END $$`);
    const stored = `~ '"weight": *(500|600)'`;
    await queryRunner.query(`
      UPDATE virtual_tours SET draft = pg_temp.spec_font_weights(draft) WHERE draft::text ${stored}`);
    await queryRunner.query(`
      UPDATE virtual_tours SET published = pg_temp.spec_font_weights(published) WHERE published::text ${stored}`);
    await queryRunner.query(`
      UPDATE overlay_templates SET overlay = pg_temp.spec_font_weights(overlay) WHERE overlay::text ${stored}`);
    await queryRunner.query('DROP FUNCTION pg_temp.spec_font_weights(jsonb)');
  }

  /** The spec's weights were valid before too: nothing to undo (which font was 500 or 600 is not kept). */
  async down(): Promise<void> {}
}
