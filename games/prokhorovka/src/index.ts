/** Kursk South: Prokhorovka 1943 (Game Journal No. 63). See STATUS.md for what is implemented. */
export * from './data/index.ts';
