import { Injectable } from '@nestjs/common';
import { Database, one } from '@tourly/platform';
import type { FloorplanConfiguration } from './floorplans.rules';

/** `floorplan_configurations`: one row per provider an admin configured. */
@Injectable()
export class FloorplanConfigurationsRepository {
  constructor(private readonly db: Database) {}

  find(providerId: string): Promise<(FloorplanConfiguration & { updatedAt: Date }) | undefined> {
    return one(
      this.db.dataSource,
      `SELECT template, units, show_dimensions AS "showDimensions", show_room_areas AS "showRoomAreas",
              show_total_area AS "showTotalArea", brand_colour AS "brandColour",
              custom_template_name AS "customTemplateName", supplier_notes AS "supplierNotes",
              updated_at AS "updatedAt"
       FROM floorplan_configurations WHERE provider_id = $1`,
      [providerId],
    );
  }

  async save(providerId: string, updatedBy: string | null, config: FloorplanConfiguration): Promise<void> {
    await this.db.dataSource.query(
      `INSERT INTO floorplan_configurations (provider_id, template, units, show_dimensions, show_room_areas,
         show_total_area, brand_colour, custom_template_name, supplier_notes, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (provider_id) DO UPDATE SET template = $2, units = $3, show_dimensions = $4,
         show_room_areas = $5, show_total_area = $6, brand_colour = $7, custom_template_name = $8,
         supplier_notes = $9, updated_by = $10, updated_at = now()`,
      [
        providerId,
        config.template,
        config.units,
        config.showDimensions,
        config.showRoomAreas,
        config.showTotalArea,
        config.brandColour,
        config.customTemplateName,
        config.supplierNotes,
        updatedBy,
      ],
    );
  }
}
