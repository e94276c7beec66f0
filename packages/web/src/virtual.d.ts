declare module 'virtual:rules-text' {
  const texts: Record<string, string>;
  export default texts;
}
