import type { MigrationClass } from '@tourly/platform';
import { FloorplanOrders1764100000000 } from './1764100000000-floorplan-orders';
import { OrderSearch1764110000000 } from './1764110000000-order-search';
import { PlacingKeys1764120000000 } from './1764120000000-placing-keys';
import { VariantSearch1764130000000 } from './1764130000000-variant-search';
import { OrderNumbersPerProvider1764140000000 } from './1764140000000-order-numbers-per-provider';
import { PlacedStep1764150000000 } from './1764150000000-placed-step';
import { OpenOrderSearch1765700000000 } from './1765700000000-open-order-search';
import { DrawnByMatterport1765800000000 } from './1765800000000-drawn-by-matterport';
import { MatterportSpeed1765810000000 } from './1765810000000-matterport-speed';
import { PhotoRetouching1765900000000 } from './1765900000000-photo-retouching';
import { WorkshopAssistant1766000000000 } from './1766000000000-workshop-assistant';
import { WorkshopWorkedByStaff1766100000000 } from './1766100000000-workshop-worked-by-staff';

/** Committed migrations of the orders schema, oldest first (the platform's own tables come before them). */
export const migrations: MigrationClass[] = [
  FloorplanOrders1764100000000,
  OrderSearch1764110000000,
  PlacingKeys1764120000000,
  VariantSearch1764130000000,
  OrderNumbersPerProvider1764140000000,
  PlacedStep1764150000000,
  OpenOrderSearch1765700000000,
  DrawnByMatterport1765800000000,
  MatterportSpeed1765810000000,
  PhotoRetouching1765900000000,
  WorkshopAssistant1766000000000,
  WorkshopWorkedByStaff1766100000000,
];
