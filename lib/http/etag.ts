/** Strong ETags over the exact response bytes, and If-None-Match evaluation (RFC 9110 §13.1.2, weak compare). */
import { createHash } from "node:crypto";

export function etagFor(body: string | Uint8Array): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
}

export function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, "");
  return header
    .split(",")
    .map((t) => t.trim())
    .some((t) => t === "*" || t.replace(/^W\//, "") === bare);
}
