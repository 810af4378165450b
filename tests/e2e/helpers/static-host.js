// static-host.js — a course author's plain web host, for package.spec.js: it serves the files of
// one folder with their content types, `Access-Control-Allow-Origin: *` (what docs/authors.md asks of a
// host that serves the lab to other origins) and, on HTML pages, the Content-Security-Policy the
// test gives. Nothing else: no COOP/COEP, no policy of the lab's own (scripts/serve.mjs has those).
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm', '.json': 'application/json; charset=utf-8', '.svg': 'image/svg+xml',
};

/** Serves `root` on 127.0.0.1:`port`; `policyOf(path)` is the CSP of an HTML page. → { close() }. */
export async function startStaticHost({ root, port, policyOf }) {
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url, 'http://host').pathname);
    const file = join(root, normalize(path.endsWith('/') ? `${path}index.html` : path));
    try {
      const body = await readFile(file);
      const headers = { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Access-Control-Allow-Origin': '*' };
      if (extname(file) === '.html') headers['Content-Security-Policy'] = policyOf(path);
      response.writeHead(200, headers);
      response.end(body);
    } catch {
      response.writeHead(404, { 'Content-Type': 'text/plain' });
      response.end('Not found\n');
    }
  });
  await new Promise((resolve, reject) => { server.once('error', reject); server.listen(port, '127.0.0.1', resolve); });
  return { close: () => new Promise((resolve) => server.close(resolve)) };
}
