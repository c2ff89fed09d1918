import type { MigrationClass } from '@tourly/platform';

/** Committed migrations of the properties schema, oldest first (the platform's own tables come before them). */
export const migrations: MigrationClass[] = [];
