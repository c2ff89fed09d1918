// Where the suite's time goes: the per-file durations of the last `npm test` (Jest writes them to
// .jest/results.json) summed by tier. `node test/runner/tiers.js [results.json]`; CONTRIBUTING keeps the table.
const path = require('node:path');

const file = process.argv[2] ?? path.join(__dirname, '../../.jest/results.json');
const results = require(path.resolve(file));

const TIERS = [
  [
    'unit (rules beside their code)',
    (name) => /^(libs|services|web)\/[^/]+\/src\//.test(name) || name.startsWith('web/src/'),
  ],
  ['platform and contracts', (name) => /^libs\/[^/]+\/test\//.test(name)],
  ['emulators and launcher', (name) => name.startsWith('infra/')],
  ['one service', (name) => name.startsWith('services/')],
  ['browser', (name) => name.endsWith('.browser.spec.ts')],
  ['whole platform (e2e, route guard, faults)', (name) => name.startsWith('test/')],
];

const root = path.join(__dirname, '../..') + path.sep;
const tiers = new Map(TIERS.map(([tier]) => [tier, { files: 0, tests: 0, seconds: 0 }]));
for (const result of results.testResults) {
  const name = result.name.replace(root, '');
  const [tier] = TIERS.find(([, holds]) => holds(name)) ?? ['other'];
  if (!tiers.has(tier)) tiers.set(tier, { files: 0, tests: 0, seconds: 0 });
  const row = tiers.get(tier);
  row.files += 1;
  row.tests += result.assertionResults.length;
  row.seconds += (result.endTime - result.startTime) / 1000;
}

console.log('| Tier | Files | Tests | Worker-seconds |');
console.log('| --- | ---: | ---: | ---: |');
let files = 0,
  tests = 0,
  seconds = 0;
for (const [tier, row] of tiers) {
  files += row.files;
  tests += row.tests;
  seconds += row.seconds;
  console.log(`| ${tier} | ${row.files} | ${row.tests} | ${Math.round(row.seconds)} |`);
}
console.log(`| all | ${files} | ${tests} | ${Math.round(seconds)} |`);
