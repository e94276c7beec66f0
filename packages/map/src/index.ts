/**
 * @sandtable/map: game-agnostic map drawing for the web client. A game's web adapter
 * (`GameAdapter`, in the game's own folder) turns its view into a `MapModel`; the renderer draws
 * any model (areas, hexes, counters, overlays) with a camera. Imports only the engine.
 */
export * from './model.ts';
export * from './camera.ts';
export * from './counter.ts';
export * from './hexlayer.ts';
export * from './spatial.ts';
export * from './render.ts';
export * from './adapter.ts';
export * from './actions.ts';
export * from './legible.ts';
