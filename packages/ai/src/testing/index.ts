/**
 * Test support (never in a production registry): Nim and Pig, toy games with their AI hooks, and
 * the spies a game's tests use to prove its search touches only states rebuilt from the view.
 */
export * from './nim.ts';
export { pig, pigHooks } from './pig.ts';
export { registerTestGames } from './register.ts';
