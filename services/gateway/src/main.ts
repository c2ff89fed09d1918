import { runServiceCommand } from '@tourly/platform';
import { gateway } from './index';

runServiceCommand(gateway, process.argv.slice(2), process.env);
