/**
 * Coastlines for the games' map backdrops, made at build time: a game's adapter imports
 * `./coast.json?coastline` (its `CoastSpec`: lon/lat box and projection, plain data beside the
 * adapter) and gets the rings of real coastline in that box, in the game's km (see
 * @sandtable/map/coast). The bundle gets a few kB of rings per game, and no game is named here.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';
// relative, not '@sandtable/map/coast': Vite bundles a config's relative imports but leaves
// package imports to Node, which cannot load TypeScript (this file is loaded by the configs)
import { coastRings, loadLand, type CoastSpec } from '../map/src/coast.ts';

const QUERY = '?coastline';
/** A virtual id (never ends in .json, so no JSON plugin takes it): the spec file's path and a marker. */
const PREFIX = '\0coastline:';

export function coastPlugin(): Plugin {
  return {
    name: 'sandtable-coastline',
    enforce: 'pre', // before Vite's own resolver, which would take the JSON file itself
    resolveId(id, importer) {
      if (!id.endsWith(QUERY) || !importer) return null;
      return PREFIX + resolve(dirname(importer), id.slice(0, -QUERY.length)) + QUERY;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = id.slice(PREFIX.length, -QUERY.length);
      this.addWatchFile(file);
      const spec = JSON.parse(readFileSync(file, 'utf8')) as CoastSpec;
      return `export default ${JSON.stringify(coastRings(loadLand(), spec))};`;
    },
  };
}
