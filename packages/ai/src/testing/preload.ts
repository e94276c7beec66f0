/** Preloaded in an `AiWorker` thread by tests: registers the toy games' AI there. */
import { registerTestGames } from './register.ts';

registerTestGames();
