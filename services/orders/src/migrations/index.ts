import type { MigrationClass } from '@tourly/platform';
import { FloorplanOrders1764100000000 } from './1764100000000-floorplan-orders';

/** Committed migrations of the orders schema, oldest first (the platform's own tables come before them). */
export const migrations: MigrationClass[] = [FloorplanOrders1764100000000];
