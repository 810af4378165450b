// vite.config.js — builds web/ into dist/, the folder a course author serves: the lab page, the
// embed page and attention-lab.js with everything they load. Asset URLs are relative (base './')
// so the lab and attention-lab.js work from any folder of any host; attention-lab.js keeps its
// name so a course page can load it by a stable URL.
//
// `vite build --mode bench` builds the benchmark page (bench/page/, with its peers TF.js and
// onnxruntime-web: about 14 MB that no author serves) into build/bench-site/ instead (npm run bench).
import { defineConfig } from 'vite';
import { resolve, join } from 'node:path';
import { readdirSync, readFileSync } from 'node:fs';
import { thirdPartyLicences } from './scripts/lib/licences.mjs';
import { widgetPreloads } from './scripts/lib/widget-preloads.mjs';

const web = resolve(import.meta.dirname, 'web');
const benchPage = resolve(import.meta.dirname, 'bench/page');

/** Copies web/<folder>/ into the output's <folder>/ untouched: the course example is a page
 *  written the way an author would write it (a plain script tag for attention-lab.js), so Vite
 *  must not bundle it. */
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

/** Every module the build put in a chunk, the workers' bundles (built first) included. */
const bundledModules = new Set();
const collectModules = (bundle) => {
  for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk') for (const id of Object.keys(chunk.modules)) bundledModules.add(id);
};

/** Writes THIRD-PARTY-LICENSES.txt beside the bundle: the licence of every npm package whose
 *  code the site contains (Chart.js, CodeMirror, acorn, …), as their licences ask. */
function licenceNotices() {
  return {
    name: 'third-party-licences',
    generateBundle(_, bundle) {
      collectModules(bundle);
      this.emitFile({ type: 'asset', fileName: 'THIRD-PARTY-LICENSES.txt', source: thirdPartyLicences([...bundledModules]) });
    },
  };
}

const SITES = {
  lab: {
    root: web,
    outDir: resolve(import.meta.dirname, 'dist'),
    input: {
      index: resolve(web, 'index.html'),
      embed: resolve(web, 'embed.html'),
      'attention-lab': resolve(web, 'attention-lab.js'),
    },
    plugins: [copyVerbatim('examples'), licenceNotices(), widgetPreloads('embed.html')],
  },
  bench: {
    root: benchPage,
    outDir: resolve(import.meta.dirname, 'build/bench-site'),
    input: { bench: resolve(benchPage, 'index.html') },
    plugins: [],
  },
};

export default defineConfig(({ mode }) => {
  const site = mode === 'bench' ? SITES.bench : SITES.lab;
  return {
    root: site.root,
    base: './',
    // web/public (embed-resize.js) belongs to the authors' folder only.
    publicDir: mode === 'bench' ? false : resolve(web, 'public'),
    build: {
      outDir: site.outDir,
      emptyOutDir: true,
      target: 'es2022',
      assetsInlineLimit: 0,
      // Preloads only what a page's own HTML imports (the lab page's and embed.html's <link
      // rel="modulepreload">). A dynamic import in a chunk preloads nothing: Vite would give it a
      // list of its dependencies' file names (__vite__mapDeps), and a course author's bundler,
      // which renames every chunk of the package, would leave that list naming files that do not
      // exist (a 404 for each on every load). embed.html, which loads its one widget with a
      // dynamic import, gets the widgets' lists in the page instead (widget-preloads.mjs).
      modulePreload: { polyfill: false, resolveDependencies: (file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
      rollupOptions: {
        input: site.input,
        preserveEntrySignatures: 'exports-only',
        output: {
          entryFileNames: (chunk) => (chunk.name === 'attention-lab' ? 'attention-lab.js' : 'assets/[name]-[hash].js'),
        },
      },
    },
    plugins: site.plugins,
    // Workers are ES modules, so their import.meta.url stays their own URL: a worker started from
    // a blob on another origin (web/lib/worker.js) still finds the WASM core beside it.
    worker: { format: 'es', plugins: () => [{ name: 'worker-modules', generateBundle: (_, bundle) => collectModules(bundle) }] },
    // The dev server isolates pages as scripts/serve.mjs does, so the core runs on both cores there too.
    server: { host: '127.0.0.1', headers: { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' } },
  };
});
