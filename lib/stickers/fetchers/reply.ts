/**
 * What a manufacturer host answered, and the signals every group's "no sticker" detection builds on.
 */
export interface ManufacturerReply {
  status: number;
  contentType: string;
  body: Buffer;
}

/** A fetcher's reading of one reply. `empty` asks the caller to try once more (GM answers empty at times). */
export type Verdict =
  { kind: "pdf" } | { kind: "none"; why: string } | { kind: "empty" } | { kind: "error"; why: string };

/** Real Monroney labels embed fonts and barcodes; anything this small is a placeholder. */
export const PLACEHOLDER_PDF_BYTES = 10 * 1024;

const PDF_MAGIC = Buffer.from("%PDF-");

export function isPdf(body: Buffer): boolean {
  return body.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC);
}

export function isBlank(body: Buffer): boolean {
  return body.length === 0 || body.toString("latin1").trim() === "";
}

export function looksLikeHtml(reply: ManufacturerReply): boolean {
  if (/html/i.test(reply.contentType)) return true;
  const head = reply.body.subarray(0, 512).toString("utf8").trimStart().toLowerCase();
  return head.startsWith("<!doctype html") || head.startsWith("<html") || head.startsWith("<");
}

/** The `errorMessage` (or `message`) of a JSON error reply, or null when the body is not such JSON. */
export function jsonErrorMessage(body: Buffer): string | null {
  const text = body
    .subarray(0, 64 * 1024)
    .toString("utf8")
    .trim();
  if (!text.startsWith("{")) return null;
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    const message = parsed.errorMessage ?? parsed.message ?? parsed.error;
    return typeof message === "string" ? message : message !== undefined ? JSON.stringify(message) : "JSON reply";
  } catch {
    return null;
  }
}

/**
 * The HTTP-level reading shared by all groups, applied after a group's own signals: server trouble is an
 * error worth retrying later; a 4xx or anything that is not a full PDF is "no sticker".
 */
export function readCommon(reply: ManufacturerReply): Verdict {
  const { status, body } = reply;
  if (status === 429 || status === 401 || status === 403 || status >= 500) {
    return { kind: "error", why: `manufacturer answered HTTP ${status}` };
  }
  if (status >= 400) return { kind: "none", why: `manufacturer answered HTTP ${status}` };
  if (isBlank(body)) return { kind: "empty" };
  if (!isPdf(body)) {
    if (jsonErrorMessage(body) !== null) return { kind: "none", why: `manufacturer error: ${jsonErrorMessage(body)}` };
    if (looksLikeHtml(reply)) return { kind: "none", why: "manufacturer answered an HTML page, not a PDF" };
    return { kind: "none", why: "manufacturer reply is not a PDF" };
  }
  if (body.length < PLACEHOLDER_PDF_BYTES) return { kind: "none", why: `placeholder PDF (${body.length} bytes)` };
  return { kind: "pdf" };
}

export interface StickerFetcher {
  /** The endpoint template of config().stickers.urls this fetcher fills. */
  endpoint: "gm" | "stellantis" | "ford" | "hyundai";
  /** Whether the template needs the vehicle's model name (Hyundai's service does). */
  needsModel: boolean;
  read(reply: ManufacturerReply): Verdict;
}
