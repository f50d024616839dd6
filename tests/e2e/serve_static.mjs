// A minimal static file server for the built page (dist/), for browser
// tests. `prefix` serves the folder under a sub-path (`/course/ddbplay/`),
// as a course site would host it; anything outside the prefix is a 404.
// With `{ likeAHost: true }` it answers as a static host such as GitHub
// Pages does: gzipped (level 9) to a browser that accepts it, with
// `Cache-Control: max-age=600` and `Last-Modified` — which let a browser
// share one download of a file among frames that ask for it together.
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { readFile, stat } from 'node:fs/promises';
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

export function serveStatic(root, prefix = '/', { likeAHost = false } = {}) {
  // Each file is compressed once, as a host serving static files would.
  const zipped = new Map();
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
      const headers = { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' };
      if (likeAHost) {
        headers['cache-control'] = 'max-age=600';
        headers['last-modified'] = (await stat(file)).mtime.toUTCString();
      }
      if (likeAHost && /\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
        response.writeHead(200, { ...headers, 'content-encoding': 'gzip' });
        if (!zipped.has(file)) zipped.set(file, gzipSync(body, { level: 9 }));
        response.end(zipped.get(file));
        return;
      }
      response.writeHead(200, headers);
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
