// vite.config.js — builds web/ into dist/. Asset URLs are relative (base './') so the lab and
// attention-lab.js work from any folder of any host; attention-lab.js keeps its name so a course
// page can load it by a stable URL.
import { defineConfig } from 'vite';
import { resolve, join } from 'node:path';
import { readdirSync, readFileSync } from 'node:fs';

const web = resolve(import.meta.dirname, 'web');

/** Copies web/<folder>/ into dist/<folder>/ untouched: the course example is a page written the
 *  way an author would write it (a plain script tag for attention-lab.js), so Vite must not
 *  bundle it. */
function copyVerbatim(folder) {
  return {
    name: `copy-${folder}`,
    generateBundle() {
      for (const file of readdirSync(join(web, folder))) {
        this.emitFile({ type: 'asset', fileName: `${folder}/${file}`, source: readFileSync(join(web, folder, file)) });
      }
    },
  };
}

export default defineConfig({
  root: web,
  base: './',
  build: {
    outDir: resolve(import.meta.dirname, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: {
        index: resolve(web, 'index.html'),
        bench: resolve(web, 'bench.html'),
        embed: resolve(web, 'embed.html'),
        'attention-lab': resolve(web, 'attention-lab.js'),
      },
      preserveEntrySignatures: 'exports-only',
      output: {
        entryFileNames: (chunk) => (chunk.name === 'attention-lab' ? 'attention-lab.js' : 'assets/[name]-[hash].js'),
      },
    },
  },
  plugins: [copyVerbatim('examples')],
  // Workers are ES modules, so their import.meta.url stays their own URL: a worker started from
  // a blob on another origin (web/lib/worker.js) still finds the WASM core beside it.
  worker: { format: 'es' },
  // The dev server isolates pages as scripts/serve.mjs does, so the core runs on both cores there too.
  server: { host: '127.0.0.1', headers: { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' } },
});
