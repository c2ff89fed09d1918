import type { MigrationClass } from '@tourly/platform';
import { Properties1763920000000 } from './1763920000000-properties';

/** Committed migrations of the properties schema, oldest first (the platform's own tables come before them). */
export const migrations: MigrationClass[] = [Properties1763920000000];
