// A minimal static file server for the built page (dist/), for browser
// tests. `prefix` serves the folder under a sub-path (`/course/ddbplay/`),
// as a course site would host it; anything outside the prefix is a 404.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.ts': 'text/plain; charset=utf-8',
};

export function serveStatic(root, prefix = '/') {
  const server = createServer(async (request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url, 'http://x').pathname));
    if (!path.startsWith(prefix)) {
      response.writeHead(404);
      response.end('not found');
      return;
    }
    const inside = path.slice(prefix.length - 1);
    const file = join(root, inside.endsWith('/') ? inside + 'index.html' : inside);
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404);
      response.end('not found');
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, origin: `http://127.0.0.1:${server.address().port}`, url: `http://127.0.0.1:${server.address().port}${prefix}` }));
  });
}
