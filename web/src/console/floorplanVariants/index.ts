import { FloorplanIcon } from './FloorplanIcon';
import { FloorplanVariantList } from './FloorplanVariantList';

/** Admin: every provider's delivered floor plans, searched by name and filtered by provider. */
export default {
  list: FloorplanVariantList,
  icon: FloorplanIcon,
  options: { label: 'Floor plans' },
  recordRepresentation: 'name',
};
