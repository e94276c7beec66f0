declare module 'virtual:rules-text' {
  const texts: Record<string, string>;
  export default texts;
}
declare module 'virtual:coastline' {
  const rings: [number, number][][];
  export default rings;
}
declare module 'virtual:coastline/*' {
  const rings: [number, number][][];
  export default rings;
}
