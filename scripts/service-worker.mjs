// service-worker.mjs — writes the lab's service worker (web/offline/attention-lab-sw.js) into a
// built folder with what it precaches: every file of the folder (the pages, attention-lab.js,
// assets/ with both cores, the workers, the model and Chart.js, the examples) but the files for
// tools (the manifest, the types, the licences) and itself, and a VERSION made of the package's
// version and a hash of those files' contents, so each build gets its own cache and replaces the
// last one's (see the worker's activate).
//
//   node scripts/service-worker.mjs [dist]

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE = fileURLToPath(new URL('../web/offline/attention-lab-sw.js', import.meta.url));
export const SERVICE_WORKER = 'attention-lab-sw.js';
/** Files of the folder a browser never needs: for editors, type checkers and people. */
const NOT_CACHED = [/^types\//, /\.d\.ts$/, /^custom-elements\.json$/, /^html-custom-data\.json$/, /^THIRD-PARTY-LICENSES\.txt$/, /^\.build-stamp$/, new RegExp(`^${SERVICE_WORKER}$`)];

/** Every file under `folder`, as URL paths relative to it (a/b.js). */
function files(folder) {
  const found = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else found.push(relative(folder, path).split(sep).join('/'));
    }
  };
  walk(folder);
  return found;
}

/** Writes folder/attention-lab-sw.js; returns { version, files }. */
export function writeServiceWorker(folder, packageVersion) {
  const cached = files(folder).filter((file) => !NOT_CACHED.some((pattern) => pattern.test(file)));
  const hash = createHash('sha256');
  for (const file of cached) hash.update(file).update('\0').update(readFileSync(join(folder, file)));
  const version = `${packageVersion}-${hash.digest('hex').slice(0, 12)}`;
  // The folder's own URL is the lab page too (index.html), and must work offline as it is typed.
  const list = cached.includes('index.html') ? ['./', ...cached] : cached;
  const source = readFileSync(SOURCE, 'utf8');
  const filled = source
    .replace(/^const VERSION = .*;$/m, `const VERSION = ${JSON.stringify(version)};`)
    .replace(/^const FILES = .*;$/m, `const FILES = ${JSON.stringify(list)};`);
  if (filled === source || !filled.includes(version)) throw new Error(`${SOURCE} has no "const VERSION = …;" and "const FILES = …;" lines to fill.`);
  writeFileSync(join(folder, SERVICE_WORKER), filled);
  return { version, files: list };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const folder = resolve(process.argv[2] ?? fileURLToPath(new URL('../dist/', import.meta.url)));
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const written = writeServiceWorker(folder, version);
  console.log(`${SERVICE_WORKER}: ${written.files.length} files, version ${written.version}`);
}
