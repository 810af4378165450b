// packed.mjs — the package as an author gets it: `npm pack` of this checkout (scripts skipped:
// the suite has built dist/ already), installed into a new, empty project with npm's --offline
// (the package has no dependencies, so nothing is fetched) and an empty npm cache. Shared by
// pack.test.mjs and tests/e2e/package.spec.js.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../', import.meta.url));

/** Runs npm with an empty cache of its own, so nothing can come from an earlier download. */
function npm(args, cwd, cache) {
  return execFileSync('npm', args, {
    cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, npm_config_cache: cache, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' },
  });
}

/**
 * Packs the checkout and installs the tarball into a new project. → { folder (a temporary
 * folder holding everything), tarball, files (the paths in the tarball), project, installed
 * (node_modules/attention-lab) }.
 */
export function packAndInstall() {
  if (!existsSync(join(root, 'dist', 'custom-elements.json'))) {
    throw new Error('dist/ is not built (or was built before the package files existed): run bash build.sh first.');
  }
  const folder = mkdtempSync(join(tmpdir(), 'attn-package-'));
  const cache = join(folder, 'npm-cache');
  const [packed] = JSON.parse(npm(['pack', '--ignore-scripts', '--json', '--pack-destination', folder], root, cache));
  const tarball = join(folder, packed.filename);
  const project = join(folder, 'course-site');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), `${JSON.stringify({ name: 'course-site', private: true, type: 'module' }, null, 2)}\n`);
  npm(['install', '--offline', '--ignore-scripts', '--no-package-lock', tarball], project, cache);
  return { folder, tarball, files: packed.files.map((file) => file.path), size: packed.size, project, installed: join(project, 'node_modules', 'attention-lab') };
}
