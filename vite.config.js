// vite.config.js — builds web/ into dist/. Asset URLs are relative (base './') so the lab and
// attention-lab.js work from any folder of any host; attention-lab.js keeps its name so a course
// page can load it by a stable URL.
import { defineConfig } from 'vite';
import { resolve } from 'node:path';

const web = resolve(import.meta.dirname, 'web');

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
        'attention-lab': resolve(web, 'attention-lab.js'),
      },
      preserveEntrySignatures: 'exports-only',
      output: {
        entryFileNames: (chunk) => (chunk.name === 'attention-lab' ? 'attention-lab.js' : 'assets/[name]-[hash].js'),
      },
    },
  },
  // The training worker imports modules (web/lib/attn.js): bundle it as an ES module worker.
  worker: { format: 'es' },
  server: { host: '127.0.0.1' },
});
