/**
 * Runs the real server binary as a child process (durability and browser tests): resolves with
 * its URL once it prints its JSON "listening" line, rejects with its stderr if it exits first
 * or does not start within 30 s. DATABASE_URL is passed only when given.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const SERVER_BIN = fileURLToPath(new URL('../bin/sandtable-server.js', import.meta.url));

export function spawnServer(args: string[], databaseUrl?: string): Promise<{ child: ChildProcess; url: string }> {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
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
