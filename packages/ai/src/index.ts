export * from './hooks.ts';
export * from './search.ts';
export * from './budget.ts';
export * from './strength.ts';
export * from './players.ts';
export * from './plan.ts';
export * from './registry.ts';
export { chooseAction, type ChooseOptions } from './choose.ts';
