import { asArray, asNumber, asObject, asOptionalString } from '../../formats/json-read.ts';
import type { Json } from '../../formats/types.ts';

/** A complete Gemini function call. `id` is set only when Gemini gave one. */
export interface GeminiFunctionCall {
  name: string;
  args: Json;
  id?: string;
}

type PathKey = string | number;

/** `$.a.b[2]['c d']` → ['a', 'b', 2, 'c d']; undefined for anything else (or the bare root). */
export function parseJsonPath(path: string): PathKey[] | undefined {
  if (!path.startsWith('$')) return undefined;
  const token = /\.([^.[\]]+)|\[(\d+)\]|\[(['"])(.*?)\3\]/y;
  token.lastIndex = 1;
  const keys: PathKey[] = [];
  while (token.lastIndex < path.length) {
    const match = token.exec(path);
    if (!match) return undefined;
    keys.push(match[1] ?? (match[2] !== undefined ? Number(match[2]) : match[4]!));
  }
  return keys.length > 0 ? keys : undefined;
}

const own = (node: object, key: PathKey): unknown =>
  Object.hasOwn(node, key) ? (node as Record<PathKey, unknown>)[key] : undefined;

/** Sets an own property, so that a key such as `__proto__` stays data. */
const define = (node: object, key: PathKey, value: unknown): void => {
  Object.defineProperty(node, key, { value, writable: true, enumerable: true, configurable: true });
};

/** Sets `value` at `keys` below `root`, creating objects and arrays on the way. */
function setAt(root: Json, keys: PathKey[], value: unknown, append: boolean): void {
  let node: object = root;
  for (const [i, key] of keys.slice(0, -1).entries()) {
    const existing = own(node, key);
    if (existing !== null && typeof existing === 'object') {
      node = existing;
      continue;
    }
    const child = typeof keys[i + 1] === 'number' ? [] : {};
    define(node, key, child);
    node = child;
  }
  const last = keys.at(-1)!;
  const existing = own(node, last);
  const joined = append && typeof existing === 'string' && typeof value === 'string';
  define(node, last, joined ? existing + value : value);
}

function partialValue(arg: Json): { value: unknown } | undefined {
  if (typeof arg.stringValue === 'string') return { value: arg.stringValue };
  if (asNumber(arg.numberValue) !== undefined) return { value: arg.numberValue };
  if (typeof arg.boolValue === 'boolean') return { value: arg.boolValue };
  if ('nullValue' in arg) return { value: null };
  return undefined;
}

/**
 * Puts Gemini function calls back together. Gemini usually sends a call whole ({name, args}),
 * but Vertex can stream its arguments: {name, willContinue: true} opens the call, parts holding
 * only partialArgs ({jsonPath, stringValue | numberValue | boolValue | nullValue, willContinue})
 * fill it in (a string whose piece says willContinue goes on in the next piece for that path),
 * and the first part without willContinue closes it, or a new call or the end of the answer.
 * Holds one open call at most.
 */
export class GeminiCallAssembler {
  private open: (GeminiFunctionCall & { openString?: string }) | undefined;

  /** One functionCall object → the calls it completes (none while arguments still stream). */
  push(functionCall: unknown): GeminiFunctionCall[] {
    const fc = asObject(functionCall) ?? {};
    const done: GeminiFunctionCall[] = [];
    const name = asOptionalString(fc.name);
    if (name !== undefined) {
      done.push(...this.flush());
      const args = asObject(fc.args);
      this.open = { name, args: args ? structuredClone(args) : {}, id: asOptionalString(fc.id) };
    }
    if (!this.open) return done; // a closing part for a call already complete
    for (const arg of asArray(fc.partialArgs)) this.apply(asObject(arg) ?? {});
    if (fc.willContinue !== true) done.push(...this.flush());
    return done;
  }

  /** The call still open, closed as it stands (the answer ended). */
  flush(): GeminiFunctionCall[] {
    const call = this.open;
    this.open = undefined;
    if (!call) return [];
    const { name, args, id } = call;
    return [id === undefined ? { name, args } : { name, args, id }];
  }

  private apply(arg: Json): void {
    const open = this.open!;
    const path = asOptionalString(arg.jsonPath);
    const keys = path === undefined ? undefined : parseJsonPath(path);
    const value = partialValue(arg);
    if (!keys || !value) return;
    setAt(open.args, keys, value.value, open.openString === path);
    open.openString = arg.willContinue === true && typeof value.value === 'string' ? path : undefined;
  }
}
