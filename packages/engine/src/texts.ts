/**
 * A game's words as message tables: one table per language, each an id -> template map with
 * `{name}` placeholders ("impulse {impulse}: move, then fight, or pass"). A game keeps its English
 * table in one module and makes its prompts with `messages(EN)`: `msg(id, params)` gives the
 * `Message` the flow kernel takes (`{ id, params, en }`), so a client can render the same id from
 * another table. The placeholder names are read from the template's literal type, so a missing or
 * misspelt parameter is a type error.
 */
import type { Message } from './flow.ts';

/** A parameter value: a number or a name, substituted as text. */
export type TextParam = string | number;

/** The placeholder names of a template type: `'move {unit} to {hex}'` gives `'unit' | 'hex'`. */
export type Placeholders<T extends string> = T extends `${string}{${infer P}}${infer Rest}`
  ? P | Placeholders<Rest>
  : never;

/**
 * The parameters a template needs: none, or one value per placeholder (a table must be `as const`
 * for its templates to be known; a plain `string` template takes any parameters).
 */
export type ParamsFor<T extends string> = string extends T
  ? [params?: Record<string, TextParam>]
  : [Placeholders<T>] extends [never]
    ? []
    : [params: { [P in Placeholders<T>]: TextParam }];

const PLACEHOLDER = /\{(\w+)\}/g;

/** The placeholder names of a template, each once, in order of first appearance. */
export function placeholders(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/** A template with every `{name}` replaced by its parameter (throws if one is missing). */
export function renderTemplate(template: string, params: Readonly<Record<string, TextParam>> = {}): string {
  return template.replace(PLACEHOLDER, (_, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`text "${template}": no parameter "${name}"`);
    return String(v);
  });
}

/** The message maker of an English table (`as const`): `msg(id, params)` renders `en` and keeps id and params. */
export function messages<const T extends Readonly<Record<string, string>>>(
  en: T,
): <K extends keyof T & string>(id: K, ...params: ParamsFor<T[K]>) => Message {
  return (id, ...rest) => {
    const params = rest[0] as Record<string, TextParam> | undefined;
    const template = en[id];
    if (template === undefined) throw new Error(`no text "${id}"`);
    const text = renderTemplate(template, params);
    return params ? { id, params, en: text } : { id, en: text };
  };
}

/**
 * What is wrong with a message against a table (empty when nothing): an unknown id, a parameter
 * missing or not in the template, or (with `text`) a rendering that differs from the words shown.
 */
export function messageProblems(
  table: Readonly<Record<string, string>>,
  m: { id: string; params?: Readonly<Record<string, TextParam>> },
  text?: string,
): string[] {
  const template = table[m.id];
  if (template === undefined) return [`no template for "${m.id}"`];
  const wanted = placeholders(template);
  const given = Object.keys(m.params ?? {});
  const out = [
    ...wanted.filter((p) => !given.includes(p)).map((p) => `"${m.id}": parameter "${p}" missing`),
    ...given.filter((p) => !wanted.includes(p)).map((p) => `"${m.id}": parameter "${p}" not in its template`),
  ];
  if (out.length === 0 && text !== undefined && renderTemplate(template, m.params) !== text)
    out.push(`"${m.id}" renders "${renderTemplate(template, m.params)}", not "${text}"`);
  return out;
}
