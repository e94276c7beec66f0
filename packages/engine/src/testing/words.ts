/**
 * What a player reads, harvested from random play, for a game's tests (issue #16): every prompt,
 * action description, log line and refusal, and every rule citation they carry. A refusal is
 * provoked by offering, at each step, an action that was legal some steps before (and by the
 * wrong role). `rawIds` finds internal ids in those words; `citationsInSource` lists the rule
 * citations the source code gives.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Action, EngineState, Role } from '../contract.ts';
import { RuleError } from '../errors.ts';
import type { Game } from '../game.ts';
import { randomIndex, seedRng } from '../rng.ts';

export interface Words {
  prompts: Set<string>;
  actions: Set<string>;
  logs: Set<string>;
  refusals: Set<string>;
  /** Every rule citation shown: decisions, log lines, refusals and outcomes. */
  rules: Set<string>;
}

export interface HarvestOptions {
  seeds: readonly string[];
  maxSteps: number;
  scenario?: string;
  /** How many legal actions to describe per step (all when absent). */
  describeUpTo?: number;
}

/** Plays random games and collects what each player reads. */
export function harvestWords(game: Game<any, any, any>, opts: HarvestOptions): Words {
  const w: Words = { prompts: new Set(), actions: new Set(), logs: new Set(), refusals: new Set(), rules: new Set() };
  for (const seed of opts.seeds) {
    const chooser = seedRng(`words:${seed}`);
    const s: EngineState<unknown> = game.setup(seed, opts.scenario);
    const earlier: { role: Role; action: Action }[] = [];
    for (let step = 0; step < opts.maxSteps; step++) {
      const out = game.outcome(s);
      if (out) {
        w.rules.add(out.rule);
        w.logs.add(out.reason);
        break;
      }
      const d = game.decision(s);
      if (!d) break;
      w.prompts.add(d.prompt);
      w.rules.add(d.rule);
      const legal = game.legalActions(s, d.role) as Action[];
      if (!legal.length) break;
      for (const a of legal.slice(0, opts.describeUpTo ?? legal.length)) {
        const text = game.rules.describe?.(s.game, a);
        if (text) w.actions.add(text);
      }
      refuse(game, s, d.role, earlier[randomIndex(chooser, earlier.length || 1)], w);
      const a = legal[randomIndex(chooser, legal.length)]!;
      earlier.push({ role: d.role, action: a });
      if (earlier.length > 40) earlier.shift();
      game.applyInPlace(s, d.role, a, false);
    }
    for (const l of s.log) {
      w.logs.add(l.text);
      if (l.rule) w.rules.add(l.rule);
    }
  }
  return w;
}

function refuse(
  game: Game<any, any, any>,
  s: EngineState<unknown>,
  role: Role,
  old: { role: Role; action: Action } | undefined,
  w: Words,
): void {
  if (!old) return;
  const legal = game.legalActions(s, role) as Action[];
  if (legal.some((a) => JSON.stringify(a) === JSON.stringify(old.action))) return;
  try {
    game.apply(s, role, old.action);
  } catch (e) {
    if (e instanceof RuleError) {
      w.refusals.add(e.message);
      w.rules.add(e.rule);
    }
  }
}

/**
 * Internal ids in a text: any of `ids` (unit, area, card ids) standing as a word of its own. Ids
 * that are also the player's name for the thing (an area number, "Munich") are the caller's to
 * leave out.
 */
export function rawIds(text: string, ids: Iterable<string>): string[] {
  const found: string[] = [];
  for (const id of ids) {
    const esc = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (new RegExp(`(^|[^\\w-])${esc}($|[^\\w-])`).test(text)) found.push(id);
  }
  return found;
}

const NOT_RULES = new Set(['data']); // a data file's error, for developers

/**
 * Every rule citation in the non-test `.ts` files under `dir`: the literals given as `rule:` or
 * `ruleOf:` (template literals without their `${...}` parts) and `new RuleError('...'` (not a data
 * file's error).
 */
export function citationsInSource(dir: string | URL): Set<string> {
  const root = typeof dir === 'string' ? dir : fileURLToPath(dir);
  const pattern = /(?:\brule(?:Of)?\s*:\s*|new RuleError\(\s*)(['"`])((?:(?!\1)[^\\]|\\.)*)\1/g;
  const out = new Set<string>();
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) {
        if (name !== 'node_modules') walk(p);
      } else if (name.endsWith('.ts') && !/\.(test|spec|bench)\.ts$/.test(name)) {
        for (const m of readFileSync(p, 'utf8').matchAll(pattern)) {
          const text = m[2]!.replace(/\$\{[^}]*\}\s*,?\s*/g, '').trim();
          if (text && !NOT_RULES.has(text)) out.add(text);
        }
      }
    }
  };
  walk(root);
  return out;
}
