/**
 * Precompressed static files (issue 16, item 7): after the build, every text file in the output
 * (HTML, scripts, styles, JSON, SVG) gets a gzip (`.gz`, level 9) and a brotli (`.br`, quality 9:
 * 11 takes seconds longer for a few per cent) copy beside it. The static servers send the copy the
 * browser accepts, with `Content-Encoding` and `Vary: Accept-Encoding` (bin/serve.mjs through sirv's `gzip`/`brotli`,
 * the play-by-web server through @fastify/static's `preCompressed`), so nothing is compressed
 * per request. Node's own zlib: no dependency.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(html|js|mjs|css|json|svg|txt|md|map)$/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** Writes `.gz` and `.br` beside every text file under `dir`; returns how many files. */
export function precompress(dir: string): number {
  let n = 0;
  for (const f of files(dir)) {
    if (!TEXT.test(f)) continue;
    const body = readFileSync(f);
    writeFileSync(`${f}.gz`, gzipSync(body, { level: 9 }));
    writeFileSync(
      `${f}.br`,
      brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
    );
    n++;
  }
  return n;
}

export function compressPlugin(outDir: string): Plugin {
  return {
    name: 'sandtable-precompress',
    apply: 'build',
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        precompress(outDir);
      },
    },
  };
}
