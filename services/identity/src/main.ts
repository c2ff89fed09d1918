import { runServiceCommand } from '@tourly/platform';
import { identity } from './index';

runServiceCommand(identity, process.argv.slice(2), process.env);
