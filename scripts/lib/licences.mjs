// licences.mjs — the notices a bundle owes the npm packages it contains: for every package one
// of the bundled modules comes from (node_modules/<name>/…), its name, version, licence and the
// text of its LICENSE file. vite.config.js writes the result as dist/THIRD-PARTY-LICENSES.txt.

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** node_modules/<name>/ or node_modules/@scope/<name>/ of a module id, or null. */
function packageDirectory(id) {
  const match = /^(.*[\\/]node_modules[\\/](?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(id.replace(/^\0/, '').split('?')[0]);
  return match ? match[1] : null;
}

/** The text of THIRD-PARTY-LICENSES.txt for the bundled module ids. */
export function thirdPartyLicences(moduleIds) {
  const directories = [...new Set(moduleIds.map(packageDirectory).filter(Boolean))];
  const packages = directories.map((directory) => {
    const info = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8'));
    const file = readdirSync(directory).find((name) => /^(licen[cs]e|copying)(\.(md|txt))?$/i.test(name));
    const text = file ? readFileSync(join(directory, file), 'utf8').trim() : `(no licence file; package.json says ${info.license})`;
    return { name: info.name, version: info.version, license: info.license, text };
  }).sort((a, b) => a.name.localeCompare(b.name));
  const header = 'Attention Lab bundles code from these packages, each under its own licence (below).\n\n'
    + packages.map((p) => `  ${p.name} ${p.version} (${p.license})`).join('\n');
  return `${header}\n${packages.map((p) => `\n${'='.repeat(72)}\n${p.name} ${p.version} — ${p.license}\n${'='.repeat(72)}\n\n${p.text}\n`).join('')}`;
}

