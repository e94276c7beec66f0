export * from './contract.ts';
export * from './errors.ts';
export * from './rng.ts';
export * from './canonical.ts';
export * from './game.ts';
export * from './data.ts';
export * from './playout.ts';
export * from './determinize.ts';
