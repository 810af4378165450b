// serve.mjs — serves the built lab (dist/) on 127.0.0.1, port $PORT (default 8080), with the
// lab's Content-Security-Policy, and prints the URL. Used by `npm start` and the browser tests.
// No dependencies: node's http module and a small table of content types.
//   ROOT=dir        serve another folder instead of dist/ (the tests' second origin does)
//   CSP_ALLOW=urls  space-separated origins also allowed for scripts, connections and frames:
//                   what a course page's CSP needs to embed widgets from a lab on another host
//   ISOLATE=0       do not make pages cross-origin isolated (the tests' course page, standing
//                   for an author's host that sends no COOP/COEP headers)
//
// Pages are cross-origin isolated (Cross-Origin-Opener-Policy: same-origin and
// Cross-Origin-Embedder-Policy: require-corp): that is what lets the core use both cores
// (SharedArrayBuffer; web/lib/attn.js). Every response also carries
// Cross-Origin-Resource-Policy: cross-origin, so a page on another host, isolated or not, may
// still load the lab's scripts, WASM and frames; on a page that is not isolated the core runs
// on one thread.

import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = process.env.ROOT ? resolve(process.env.ROOT) + sep : fileURLToPath(new URL('../dist/', import.meta.url));
const allowed = (process.env.CSP_ALLOW ?? '').split(/\s+/).filter(Boolean).map((origin) => new URL(origin).origin);
const extra = allowed.map((origin) => ` ${origin}`).join('');
const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '127.0.0.1';
const isolate = process.env.ISOLATE !== '0';
const ISOLATION = isolate ? { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' } : {};

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.bin': 'application/octet-stream',
};

// Scripts only from this origin (plus WebAssembly compilation); no inline script, no eval;
// connections only to this origin. Styles come from files and constructed stylesheets only.
const CSP = [
  "default-src 'self'",
  `script-src 'self' 'wasm-unsafe-eval'${extra}`,
  "style-src 'self'",
  "img-src 'self' data: blob:",
  `connect-src 'self'${extra}`,
  `frame-src 'self'${extra}`,
  `worker-src 'self' blob:${extra}`,
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
].join('; ');

// The learner's worker (web/workers/learner-worker.js; dist/assets/learner-worker-<hash>.js)
// compiles the learner's code with the Function constructor. A dedicated worker runs under the
// policy of its own script's response, so this one response alone also allows 'unsafe-eval'.
// It may connect only to this origin (to load the WASM core, before it deletes fetch and
// friends from its globals), and nothing else. The pages' own policy stays eval-free.
const LEARNER_WORKER_CSP = [
  "default-src 'none'",
  "script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'",
  "connect-src 'self'",
].join('; ');
const isLearnerWorker = (path) => /(^|[\\/])learner-worker(-[\w-]+)?\.js$/.test(path);

async function resolveFile(urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0]);
  } catch {
    return null; // a malformed %-escape: not found, rather than a crashed server
  }
  const path = normalize(join(root, decoded));
  if (!path.startsWith(root) && path + sep !== root) return null; // no escaping dist/
  try {
    const info = await stat(path);
    if (info.isDirectory()) return resolveFile(`${decoded.replace(/\/?$/, '/')}index.html`);
    return { path, size: info.size };
  } catch {
    return null;
  }
}

const server = createServer(async (request, response) => {
  const file = request.method === 'GET' || request.method === 'HEAD' ? await resolveFile(request.url ?? '/') : null;
  if (!file) {
    response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Security-Policy': CSP });
    response.end('Not found\n');
    return;
  }
  response.writeHead(200, {
    'Content-Type': TYPES[extname(file.path)] ?? 'application/octet-stream',
    'Content-Length': file.size,
    'Content-Security-Policy': isLearnerWorker(file.path) ? LEARNER_WORKER_CSP : CSP,
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Resource-Policy': 'cross-origin',
    ...ISOLATION,
    'Access-Control-Allow-Origin': '*',
    'Cache-Control': 'no-cache',
  });
  if (request.method === 'HEAD') return response.end();
  createReadStream(file.path).pipe(response);
});

server.on('error', (error) => {
  if (error.code === 'EADDRINUSE') {
    console.error(`Port ${port} is already in use. Stop the other server, or choose another port: PORT=8081 npm start`);
  } else {
    console.error(`The lab's server could not start: ${error.message}`);
  }
  process.exit(1);
});

server.listen(port, host, () => {
  console.log(`Attention Lab is running at http://${host}:${port}/  (Ctrl+C to stop)`);
});
