/**
 * What either transport (lib/mcp/http.ts, lib/mcp/stdio.ts) refuses before a message reaches the SDK: a message
 * too large, one nested too deep, a JSON-RPC batch. JSON.parse copes with deep nesting, but what runs after it
 * (the SDK's and zod's validators, the tools' argument checks) recurses once per level: 10,000 nested arrays,
 * 20 KB of text, overflow the stack. The depth is therefore found by one pass over the text, before it is parsed.
 */

/** Tool arguments are a VIN, a list of VINs or a few names: 64 KiB is generous, and far below the SDK's 4 MiB default. */
export const MAX_MESSAGE_BYTES = 64 * 1024;

/**
 * An MCP message nests a handful of levels (params → arguments → a value); 64 leaves room for any client's
 * capabilities and _meta while staying far below the depth that overflows a recursive validator.
 */
const MAX_JSON_DEPTH = 64;

/** JSON-RPC's codes for what is refused here. */
export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;

export const TOO_DEEP_MESSAGE = `Invalid Request: objects and arrays are nested more than ${MAX_JSON_DEPTH} levels deep.`;

/**
 * One JSON-RPC message per request. MCP's specification dropped JSON-RPC batching (2025-06-18), and a batch
 * would let one request, counted once by the rate limit, carry a hundred tool calls: it is refused, not run.
 */
export const BATCH_REFUSED =
  "Invalid Request: JSON-RPC batches are not accepted; send one message per request (MCP's specification has no batching since 2025-06-18).";

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/**
 * True when the text opens more than `max` objects or arrays inside one another. Brackets inside strings do not
 * count; the text need not be valid JSON (an invalid text is JSON.parse's to refuse).
 */
export function nestsDeeperThan(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}
