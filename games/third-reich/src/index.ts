export * from './data/index.ts';
