/** Registers the toy games' AI (tests only; the production registry is filled by the catalog). */
import { registerAi } from '../registry.ts';
import { pig, pigHooks } from './pig.ts';

export function registerTestGames(): void {
  registerAi('pig', { game: pig, hooks: pigHooks });
}
