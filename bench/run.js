// `npm run bench [name ...]`: builds, then runs the named benchmarks (all of them by default) in turn. Not part of
// `npm test`.
const { execFileSync } = require('node:child_process');
const path = require('node:path');

const ALL = [
  'gateway-overhead',
  'event-latency',
  'credential-resolution',
  'webhook-intake',
  'webhooks',
  'properties-list',
  'bookings',
  'credits-ledger',
  'va-queue',
  'upload-throughput',
  'player-page',
  'player-base',
  'tags-json',
  'analytics-ingest',
  'analytics-read',
];
const asked = process.argv.slice(2);
if (asked.some((name) => name === '--help' || name === '-h')) {
  console.log(`npm run bench [name ...]\nBenchmarks: ${ALL.join(', ')} (all of them when none is named).`);
  process.exit(0);
}
const unknown = asked.filter((name) => !ALL.includes(name));
if (unknown.length > 0) {
  console.error(`No benchmark named ${unknown.join(', ')}. Benchmarks: ${ALL.join(', ')}.`);
  process.exit(2);
}
const benches = asked.length > 0 ? asked : ALL;
execFileSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: path.join(__dirname, '..') });
for (const name of benches) {
  console.log(`\n== ${name}`);
  execFileSync(process.execPath, [path.join(__dirname, `${name}.js`)], { stdio: 'inherit' });
}
