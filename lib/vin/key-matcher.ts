/**
 * Compiled matchers for vPIC `Pattern.Keys`, matched against a VIN's key string (positions 4-8, `|`,
 * positions 10-17). NHTSA's rules (spVinDecode_core):
 * - plain keys: SQL `LIKE keys || '%'` with `*` as the one-character wildcard (a prefix match);
 * - keys holding `[...]`: the regex `^key` with `*` → `.`, `|` literal and the class kept (`1-A` = "1 or A");
 * - formula keys holding `#`: the VIN key with every digit turned into `#` is LIKE-matched, and the VIN's
 *   characters from the first to the last `#` become the value.
 */

export type KeyMatcher =
  | { kind: "plain"; positions: number[]; codes: number[]; length: number }
  /** The RegExp is built on first use: most of vPIC's 58 000 distinct keys are never tried by a process. */
  | { kind: "regex"; source: string; regex: RegExp | null }
  | { kind: "formula"; positions: number[]; codes: number[]; length: number; first: number; last: number };

export interface CompiledKey {
  /** The key as stored (upper-cased). */
  key: string;
  matcher: KeyMatcher;
  /** NHTSA's third tie-break: length of the key with `*` removed (fewer literal characters wins). */
  literalLength: number;
  /** NHTSA's fourth tie-break: the key without brackets. */
  bracketless: string;
  /** Characters each key position accepts, for error 14 (null: the position constrains nothing); on first use. */
  positionChars(): (string | null)[];
}

const HASH = "#".charCodeAt(0);
const STAR = "*".charCodeAt(0);
const UNDERSCORE = "_".charCodeAt(0);
const PERCENT = "%".charCodeAt(0);

const cache = new Map<string, CompiledKey>();

/** Compiled once per distinct key string; schemas share identical keys. */
export function compileKey(rawKey: string): CompiledKey {
  const key = rawKey.toUpperCase();
  let compiled = cache.get(key);
  if (compiled) return compiled;
  let literalLength = 0;
  let bracketless = "";
  for (let i = 0; i < key.length; i++) {
    const c = key[i];
    if (c !== "*") literalLength++;
    if (c !== "[" && c !== "]") bracketless += c;
  }
  let positionChars: (string | null)[] | null = null;
  compiled = {
    key,
    matcher: buildMatcher(key),
    literalLength,
    bracketless,
    positionChars: () => (positionChars ??= positionCharsOf(key)),
  };
  cache.set(key, compiled);
  return compiled;
}

function buildMatcher(key: string): KeyMatcher {
  if (key.includes("[")) {
    return { kind: "regex", source: `^${sqlWildcardToRegex(key)}`, regex: null };
  }
  const positions: number[] = [];
  const codes: number[] = [];
  const hashes: number[] = [];
  let percent = -1;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c === PERCENT) {
      percent = i;
      break;
    }
    if (c === STAR || c === UNDERSCORE) continue;
    if (c === HASH) hashes.push(i);
    positions.push(i);
    codes.push(c);
  }
  // A `%` inside a key (never seen in vPIC, but LIKE would honour it) ends the fixed part of the match.
  const length = percent >= 0 ? percent : key.length;
  if (hashes.length) {
    return {
      kind: "formula",
      positions,
      codes,
      length,
      first: key.indexOf("#"),
      last: key.lastIndexOf("#"),
    };
  }
  return { kind: "plain", positions, codes, length };
}

/** NHTSA's sqlwild_to_regex: `*` → `.`, `|` and regex metacharacters escaped, `1-A` read as "1 or A". */
function sqlWildcardToRegex(key: string): string {
  let out = "";
  for (const ch of key) {
    if (ch === "*") out += ".";
    else if (ch === "[" || ch === "]") out += ch;
    else if (ch === "|") out += "\\|";
    else if (/[\\.^$+?{}()]/.test(ch)) out += `\\${ch}`;
    else out += ch;
  }
  return out.replace(/1-A/g, "1A");
}

/** True when `vinKey` (positions 4-8 | 10-17) matches the key. Formula keys never match here. */
export function matchesKey(matcher: KeyMatcher, vinKey: string): boolean {
  if (matcher.kind === "regex") return (matcher.regex ??= new RegExp(matcher.source)).test(vinKey);
  if (matcher.kind === "formula") return false;
  if (vinKey.length < matcher.length) return false;
  const { positions, codes } = matcher;
  for (let i = 0; i < positions.length; i++) {
    if (vinKey.charCodeAt(positions[i]) !== codes[i]) return false;
  }
  return true;
}

/**
 * For a formula key: the value it extracts from `vinKey`, or null when it does not match. The VIN key's
 * digits count as `#`, so `#` positions need digits and literal positions need the same non-digit.
 */
export function formulaValue(matcher: KeyMatcher, vinKey: string): string | null {
  if (matcher.kind !== "formula" || vinKey.length < matcher.length) return null;
  const { positions, codes } = matcher;
  for (let i = 0; i < positions.length; i++) {
    const c = vinKey.charCodeAt(positions[i]);
    const isDigit = c >= 48 && c <= 57;
    if (codes[i] === HASH ? !isDigit : isDigit || c !== codes[i]) return null;
  }
  return vinKey.slice(matcher.first, matcher.last + 1);
}

const KEY_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/**
 * The first key position that constrains the VIN (a literal or a class; `|` always matches), with every
 * character it accepts there: the decoder buckets keys by it. Null when nothing at a fixed position
 * constrains (wildcard-only keys, or a `%`). Classes are tested with the same regex the matcher uses.
 */
export function probeOf(key: string): { position: number; chars: string } | null {
  let position = 0;
  for (let i = 0; i < key.length; i++, position++) {
    const c = key[i];
    if (c === "%") return null;
    if (c === "[") {
      const end = key.indexOf("]", i);
      if (end < 0) return null;
      return { position, chars: classChars(key.slice(i + 1, end)) };
    }
    if (c === "*" || c === "_" || c === "#" || c === "|") continue;
    return { position, chars: c };
  }
  return null;
}

/**
 * The key characters a `[...]` class accepts, read the way the matcher's regex reads it: `1-A` is "1 or A"
 * (NHTSA rewrites it), other `x-y` are code-point ranges, a leading `^` negates.
 */
function classChars(rawBody: string): string {
  let body = rawBody.replace(/1-A/g, "1A");
  const negate = body.startsWith("^");
  if (negate) body = body.slice(1);
  const accepted = new Set<string>();
  for (let i = 0; i < body.length; i++) {
    const a = body[i];
    if (body[i + 1] === "-" && i + 2 < body.length) {
      const from = a.charCodeAt(0);
      const to = body.charCodeAt(i + 2);
      for (const ch of KEY_CHARS) {
        const code = ch.charCodeAt(0);
        if (code >= from && code <= to) accepted.add(ch);
      }
      i += 2;
    } else {
      accepted.add(a);
    }
  }
  let chars = "";
  for (const ch of KEY_CHARS) if (accepted.has(ch) !== negate) chars += ch;
  return chars;
}

/**
 * NHTSA's fValidCharsInKey in strict mode: per key position, the characters it names (`#` = digits,
 * `[...]` = the class, a literal = itself); `*` names nothing. Position 6 is the `|` separator.
 */
function positionCharsOf(key: string): (string | null)[] {
  const out: (string | null)[] = [];
  let i = 0;
  while (i < key.length) {
    const ch = key[i];
    if (ch === "[") {
      const end = key.indexOf("]", i);
      if (end < 0) break;
      out.push(classChars(key.slice(i + 1, end)));
      i = end + 1;
      continue;
    }
    if (ch === "#") out.push("0123456789");
    else if (ch === "*" || ch === "_") out.push(null);
    else out.push(ch);
    i++;
  }
  return out;
}
