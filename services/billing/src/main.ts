import { runServiceCommand } from '@tourly/platform';
import { billing } from './index';

runServiceCommand(billing, process.argv.slice(2), process.env);
