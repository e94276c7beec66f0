/**
 * A game's coastline rings (km, the game's projection), made at build time from the `CoastSpec`
 * in the imported JSON file: `import coastline from './coast.json?coastline'` (see coast.ts).
 */
declare module '*?coastline' {
  const rings: [number, number][][];
  export default rings;
}
