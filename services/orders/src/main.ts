import { runServiceCommand } from '@tourly/platform';
import { orders } from './index';

runServiceCommand(orders, process.argv.slice(2), process.env);
