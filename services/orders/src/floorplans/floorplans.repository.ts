import { Injectable } from '@nestjs/common';
import { Database, one, type Queryable } from '@tourly/platform';
import type { FloorplanConfiguration } from './floorplans.rules';

/** `floorplan_configurations`: one row per provider an admin configured. */
@Injectable()
export class FloorplanConfigurationsRepository {
  constructor(private readonly db: Database) {}

  /** The provider's configuration; inside `tx` with `forUpdate`, locked until the transaction ends. */
  find(
    providerId: string,
    tx: Queryable = this.db.dataSource,
    forUpdate = false,
  ): Promise<(FloorplanConfiguration & { updatedAt: Date }) | undefined> {
    return one(
      tx,
      `SELECT template, units, show_dimensions AS "showDimensions", show_room_areas AS "showRoomAreas",
              show_total_area AS "showTotalArea", brand_colour AS "brandColour",
              custom_template_name AS "customTemplateName", supplier_notes AS "supplierNotes",
              updated_at AS "updatedAt"
       FROM floorplan_configurations WHERE provider_id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
      [providerId],
    );
  }

  async save(
    tx: Queryable,
    providerId: string,
    updatedBy: string,
    config: FloorplanConfiguration,
  ): Promise<void> {
    await tx.query(
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
