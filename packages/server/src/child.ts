/**
 * Runs the real server binary as a child process (durability and browser tests): resolves with
 * its URL once it prints its JSON "listening" line, rejects with its stderr if it exits first
 * or does not start within 30 s. DATABASE_URL is passed only when given.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const TEST_LIMITS: Record<string, string> = {
  SANDTABLE_CREATE_PER_IP_PER_MINUTE: '100000',
  SANDTABLE_ACTIONS_PER_TOKEN_PER_MINUTE: '1000000',
  SANDTABLE_REQUESTS_PER_IP_PER_MINUTE: '1000000',
  SANDTABLE_MESSAGES_PER_SOCKET_PER_MINUTE: '1000000',
  SANDTABLE_SOCKETS_PER_IP: '1000',
  SANDTABLE_ALLOW_AI_GAMES: 'true',
  SANDTABLE_AI_PLAYS_UNWATCHED: 'true',
  SANDTABLE_MAX_NUMERIC_OPTION: '1000000',
};

export const SERVER_BIN = fileURLToPath(new URL('../bin/sandtable-server.js', import.meta.url));

export function spawnServer(args: string[], databaseUrl?: string): Promise<{ child: ChildProcess; url: string }> {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  // Tests drive many games from one address: generous limits unless a test sets its own.
  for (const [k, v] of Object.entries(TEST_LIMITS)) env[k] ??= v;
  const child = spawn(process.execPath, [SERVER_BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 30 s: ${stderr}`)), 30_000);
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening: ${stderr}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      try {
        const m = JSON.parse(line) as { listening?: string };
        if (m.listening) {
          clearTimeout(timer);
          resolve({ child, url: m.listening });
        }
      } catch {
        /* other output */
      }
    });
  });
}
