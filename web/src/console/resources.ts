import type { ResourceProps } from 'react-admin';
import type { ConsoleArea } from './areas';

/**
 * Each area's resources, one folder per resource exporting its views:
 * `admin: [{ name: 'vouchers', ...vouchers }]`. Empty until the services behind them land.
 */
export const AREA_RESOURCES: Record<ConsoleArea, ResourceProps[]> = {
  admin: [],
  virtual_assistant: [],
  external_supplier: [],
};
