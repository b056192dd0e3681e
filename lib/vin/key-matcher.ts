/**
 * Compiled matchers for vPIC `Pattern.Keys`, matched against a VIN's key string (positions 4-8, `|`,
 * positions 10-17). NHTSA's rules (spVinDecode_core):
 * - plain keys: SQL `LIKE keys || '%'` with `*` as the one-character wildcard (a prefix match);
 * - keys holding `[...]`: the regex `^key` with `*` → `.`, `|` literal and the class kept (`1-A` = "1 or A");
 * - formula keys holding `#`: the VIN key with every digit turned into `#` is LIKE-matched, and the VIN's
 *   characters from the first to the last `#` become the value.
 */

export type KeyMatcher =
  | { kind: "plain"; positions: Int8Array; codes: Uint16Array; length: number }
  | { kind: "regex"; regex: RegExp }
  | { kind: "formula"; positions: Int8Array; codes: Uint16Array; hashes: Int8Array; length: number; first: number; last: number };

export interface CompiledKey {
  /** The key as stored (upper-cased). */
  key: string;
  matcher: KeyMatcher;
  /** NHTSA's third tie-break: length of the key with `*` removed (fewer literal characters wins). */
  literalLength: number;
  /** NHTSA's fourth tie-break: the key without brackets. */
  bracketless: string;
  /** Characters each key position accepts, for error 14 (null: the position constrains nothing). */
  positionChars: (string | null)[];
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
  compiled = {
    key,
    matcher: buildMatcher(key),
    literalLength: key.replace(/\*/g, "").length,
    bracketless: key.replace(/[[\]]/g, ""),
    positionChars: positionCharsOf(key),
  };
  cache.set(key, compiled);
  return compiled;
}

export function isFormulaKey(key: string): boolean {
  return key.includes("#");
}

function buildMatcher(key: string): KeyMatcher {
  if (key.includes("[")) {
    return { kind: "regex", regex: new RegExp(`^${sqlWildcardToRegex(key)}`) };
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
      positions: Int8Array.from(positions),
      codes: Uint16Array.from(codes),
      hashes: Int8Array.from(hashes),
      length,
      first: key.indexOf("#"),
      last: key.lastIndexOf("#"),
    };
  }
  return { kind: "plain", positions: Int8Array.from(positions), codes: Uint16Array.from(codes), length };
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
  if (matcher.kind === "regex") return matcher.regex.test(vinKey);
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

const VALID_VIN_CHARS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";

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
      out.push(expandClass(key.slice(i + 1, end)));
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

function expandClass(body: string): string {
  let chars = "";
  for (let i = 0; i < body.length; i++) {
    const a = body[i];
    if (body[i + 1] === "-" && i + 2 < body.length) {
      const b = body[i + 2];
      const sameKind = (/[0-9]/.test(a) && /[0-9]/.test(b)) || (/[A-Z]/.test(a) && /[A-Z]/.test(b));
      if (sameKind && a <= b) {
        for (const c of VALID_VIN_CHARS) if (c >= a && c <= b && c.length === 1 && /[0-9]/.test(c) === /[0-9]/.test(a)) chars += c;
      } else {
        chars += a + b;
      }
      i += 2;
    } else if (a !== "*" && a !== "|") {
      chars += a;
    }
  }
  return chars;
}
