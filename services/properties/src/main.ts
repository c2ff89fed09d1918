import { runServiceCommand } from '@tourly/platform';
import { properties } from './index';

runServiceCommand(properties, process.argv.slice(2), process.env);
