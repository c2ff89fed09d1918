// Keeps package-lock.json installable with `npm ci` on machines whose registry serves only this platform's
// native builds. npm records optional dependencies such as @swc/core-darwin-arm64 as edges in the lock even
// when it could not fetch them, and `npm ci` then calls the lock out of sync. This drops the optional edges
// that point to packages the lock does not contain. Runs after every `npm install` (root postinstall);
// on a lock with nothing to prune it changes nothing.
const fs = require('node:fs');
const path = require('node:path');

const lockPath = path.join(__dirname, '..', '..', 'package-lock.json');
if (!fs.existsSync(lockPath)) process.exit(0);
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));

function resolves(fromPath, name) {
  // Node's lookup: the package's own node_modules, then each parent's, up to the root.
  let dir = fromPath;
  for (;;) {
    if (lock.packages[dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`]) return true;
    if (!dir) return false;
    const up = dir.lastIndexOf('/node_modules/');
    dir = up === -1 ? '' : dir.slice(0, up);
  }
}

let pruned = 0;
for (const [packagePath, entry] of Object.entries(lock.packages)) {
  for (const name of Object.keys(entry.optionalDependencies ?? {})) {
    if (resolves(packagePath, name)) continue;
    delete entry.optionalDependencies[name];
    pruned += 1;
  }
}
if (pruned > 0) {
  fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`prune-lockfile: dropped ${pruned} optional dependencies this registry does not serve`);
}
