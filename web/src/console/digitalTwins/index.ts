import { DigitalTwinIcon } from '../shared/icons';
import { DigitalTwinList } from './DigitalTwinList';

/** Admin: every provider's digital twins (issue 37), searched by their property. */
export default {
  list: DigitalTwinList,
  icon: DigitalTwinIcon,
  options: { label: 'Digital twins' },
  recordRepresentation: 'propertyTitle',
};
