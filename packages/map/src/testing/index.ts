/** Test support: Skirmish, a six-area toy game, and its map adapter (no real game in the tests of the map or the web client). */
export * from './skirmish.ts';
export * from './skirmish-adapter.ts';
