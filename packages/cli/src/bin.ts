/**
 * The CLI's entry as built into dist/ (`npm run build -w @sandtable/cli`; `npm ci` runs it through
 * the root `prepare`). A command is one short process that parses each game's data files once:
 * zod's compiled validators (jit) cost more to build than they save on a single parse.
 */
import { config } from 'zod';

config({ jitless: true });

export async function run(argv: string[]): Promise<number> {
  const { main } = await import('./main.ts');
  return main(argv);
}
