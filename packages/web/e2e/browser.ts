/** Headless Debian Chromium through playwright-core, and the built app on a random localhost port. */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { serve } from '../bin/serve.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export async function launch(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: install it with "apt-get install -y chromium" (.ci/run does) or set CHROMIUM_PATH`);
  }
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

export async function serveApp(): Promise<{ url: string; close(): Promise<void> }> {
  return serve(0);
}
