#!/usr/bin/env node
/**
 * Serves the built web client (packages/web/dist) on localhost and prints the address.
 *   node packages/web/bin/serve.mjs [--port N]      (default 8080, or PORT; 0 = any free port)
 * A static server until the play-by-web server lands; the game runs in the browser.
 */
import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';

export const DIST = fileURLToPath(new URL('../dist/', import.meta.url));

/** Starts the static server; resolves to its address and a close function. */
export function serve(port = 0, dir = DIST) {
  if (!existsSync(`${dir}/index.html`))
    throw new Error(`${dir} has no index.html: run "npm run build -w @sandtable/web" first`);
  // the build's precompressed copies (.br, .gz) go to browsers that accept them
  const handler = sirv(dir, { dev: false, etag: true, single: false, gzip: true, brotli: true });
  const server = createServer((req, res) =>
    handler(req, res, () => {
      res.statusCode = 404;
      res.end('not found');
    }),
  );
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const a = server.address();
      resolve({
        url: `http://localhost:${typeof a === 'object' && a ? a.port : port}/`,
        close: () => new Promise((r) => server.close(() => r(undefined))),
      });
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const i = process.argv.indexOf('--port');
  const want = Number(i > 0 ? process.argv[i + 1] : (process.env.PORT ?? 8080));
  let s;
  try {
    s = await serve(want);
  } catch (e) {
    if (e.code !== 'EADDRINUSE') throw e;
    s = await serve(0);
  }
  console.log(`Sandtable is running: open ${s.url} in your browser (Ctrl+C stops it).`);
}
