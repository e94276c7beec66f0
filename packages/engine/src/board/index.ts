/** Board topology: area graphs, hex grids, movement (bounded Dijkstra), tracing, cached fields. */
export * from './graph.ts';
export * from './area.ts';
export * from './hex.ts';
export * from './path.ts';
export * from './flood.ts';
export * from './field.ts';
