import { OfferIcon } from '../shared/icons';
import { OfferCreate } from './OfferCreate';
import { OfferEdit } from './OfferEdit';
import { OfferList } from './OfferList';

/** Admin: offers, the credits a provider receives once when it does something (buys credits, signs up, ...). */
export default {
  list: OfferList,
  create: OfferCreate,
  edit: OfferEdit,
  icon: OfferIcon,
  options: { label: 'Offers' },
  recordRepresentation: 'name',
};
