import { Injectable } from '@nestjs/common';
import { Database, queryOne, queryRows, sql, type Narrow, type Queryable } from '@tourly/platform';
import type { FloorplanTemplate, FloorplanConfiguration, Units } from './floorplans.rules';
import type {
  IFindConfigurationForUpdateQuery,
  IFindConfigurationQuery,
  ISaveConfigurationQuery,
} from './floorplans.repository.types';

/** What the schema keeps to a union with a CHECK. */
type Known = { template: FloorplanTemplate; units: Units };

const findConfiguration = sql<Narrow<IFindConfigurationQuery, Known>>`
  SELECT template, units, show_dimensions AS "showDimensions", show_room_areas AS "showRoomAreas",
         show_total_area AS "showTotalArea", brand_colour AS "brandColour",
         custom_template_name AS "customTemplateName", supplier_notes AS "supplierNotes",
         updated_at AS "updatedAt"
  FROM floorplan_configurations WHERE provider_id = $providerId!`;

const findConfigurationForUpdate = sql<Narrow<IFindConfigurationForUpdateQuery, Known>>`
  SELECT template, units, show_dimensions AS "showDimensions", show_room_areas AS "showRoomAreas",
         show_total_area AS "showTotalArea", brand_colour AS "brandColour",
         custom_template_name AS "customTemplateName", supplier_notes AS "supplierNotes",
         updated_at AS "updatedAt"
  FROM floorplan_configurations WHERE provider_id = $providerId! FOR UPDATE`;

const saveConfiguration = sql<ISaveConfigurationQuery>`
  INSERT INTO floorplan_configurations (provider_id, template, units, show_dimensions, show_room_areas,
    show_total_area, brand_colour, custom_template_name, supplier_notes, updated_by)
  VALUES ($providerId!, $template!, $units!, $showDimensions!, $showRoomAreas!, $showTotalArea!, $brandColour,
    $customTemplateName, $supplierNotes, $updatedBy!)
  ON CONFLICT (provider_id) DO UPDATE SET template = $template!, units = $units!, show_dimensions = $showDimensions!,
    show_room_areas = $showRoomAreas!, show_total_area = $showTotalArea!, brand_colour = $brandColour,
    custom_template_name = $customTemplateName, supplier_notes = $supplierNotes, updated_by = $updatedBy!,
    updated_at = now()`;

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
    return forUpdate
      ? queryOne(tx, findConfigurationForUpdate, { providerId })
      : queryOne(tx, findConfiguration, { providerId });
  }

  async save(
    tx: Queryable,
    providerId: string,
    updatedBy: string,
    config: FloorplanConfiguration,
  ): Promise<void> {
    await queryRows(tx, saveConfiguration, { ...config, providerId, updatedBy });
  }
}
