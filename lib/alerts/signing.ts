/**
 * Standard Webhooks signing (standardwebhooks.com), with the scheme's own npm package: the receiver verifies with
 * the same code (`new Webhook(secret).verify(body, headers)`), so the two sides cannot drift apart.
 *
 *   webhook-id         the event's id, the same on every retry (receivers drop repeats by it)
 *   webhook-timestamp  seconds since the epoch of this attempt (receivers refuse old ones: replay protection)
 *   webhook-signature  `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`; during the grace period after a
 *                      rotation, a second `v1,…` signed with the previous secret follows, space-separated
 *
 * The secret is `whsec_` + base64 of 32 random bytes. It must stay usable to sign, so it cannot be stored as a
 * hash like the API keys: it is sealed with AES-256-GCM under a key derived (HKDF) from the auth secret
 * (AUTH_SECRET, or the one the database generated), and only the owner sees it, once, when it is issued.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";

const SECRET_PREFIX = "whsec_";

export function newSigningSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString("base64");
}

export interface SignedHeaders {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
}

/** The three headers of one attempt, signed with every secret given (the current one first). */
export function signedHeaders(id: string, at: Date, body: string, secrets: string[]): SignedHeaders {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": secrets.map((s) => new Webhook(s).sign(id, at, body)).join(" "),
  };
}

const sealingKey = (authSecret: string) =>
  Buffer.from(hkdfSync("sha256", authSecret, "vinscope", "webhook signing secrets v1", 32));

/** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function sealSecret(secret: string, authSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealingKey(authSecret), iv);
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), sealed]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

/** The secret, or null when it was sealed under another auth secret (AUTH_SECRET changed) or is damaged. */
export function unsealSecret(sealed: string, authSecret: string): string | null {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || !data) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", sealingKey(authSecret), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
