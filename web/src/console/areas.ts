// Imported by the app's entry to route to the console: keep react-admin out of this file.

/** The back offices, each served by the console under its own path: /admin, /virtual_assistant, ... */
export const CONSOLE_AREAS = ['admin', 'virtual_assistant', 'external_supplier'] as const;
export type ConsoleArea = (typeof CONSOLE_AREAS)[number];

export const AREA_LABELS: Record<ConsoleArea, string> = {
  admin: 'Admin',
  virtual_assistant: 'Virtual assistant',
  external_supplier: 'External supplier',
};
