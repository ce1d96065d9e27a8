// Proof that `npm ci` installed exactly what package-lock.json names: every package the lock lists
// for this platform is in node_modules at the locked version, and npm's own record of the tree it
// installed (node_modules/.package-lock.json, written by `npm ci`) lists the same packages.
import { readFileSync, existsSync } from 'node:fs';

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')).packages;
const hidden = 'node_modules/.package-lock.json';
if (!existsSync(hidden)) throw new Error(`${hidden} is missing: npm ci did not install this tree`);
const installed = JSON.parse(readFileSync(hidden, 'utf8')).packages;

const wrong = [];
for (const [path, entry] of Object.entries(lock)) {
  if (!path || entry.link) continue;
  const file = `${path}/package.json`;
  if (!existsSync(file)) {
    if (!entry.optional) wrong.push(`${path}: missing`);
    continue;
  }
  const version = JSON.parse(readFileSync(file, 'utf8')).version;
  if (version !== entry.version) wrong.push(`${path}: ${version}, locked ${entry.version}`);
  if (!installed[path]) wrong.push(`${path}: not in npm's record of the installed tree`);
}
if (wrong.length) {
  console.error(`node_modules differs from package-lock.json:\n  ${wrong.slice(0, 20).join('\n  ')}`);
  process.exit(1);
}
console.log(`node_modules matches package-lock.json (${Object.keys(installed).length} packages installed by npm ci)`);
