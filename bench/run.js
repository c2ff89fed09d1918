// `npm run bench`: builds, then runs every benchmark in turn. Not part of `npm test`.
const { execFileSync } = require('node:child_process');
const path = require('node:path');

const benches = process.argv.slice(2).length
  ? process.argv.slice(2)
  : [
      'gateway-overhead',
      'event-latency',
      'credential-resolution',
      'webhook-intake',
      'properties-list',
      'upload-throughput',
    ];
execFileSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: path.join(__dirname, '..') });
for (const name of benches) {
  console.log(`\n== ${name}`);
  execFileSync(process.execPath, [path.join(__dirname, `${name}.js`)], { stdio: 'inherit' });
}
