/**
 * A watcher's webhook endpoint: registered (and its secret rotated) by PUT, shown without its secret, removed by
 * DELETE. The URL is checked when registered (address-policy.ts) and again at every delivery (outbound.ts).
 */
import { badRequest, notFound } from "../contract/errors";
import type { WebhookEndpointView, WebhookRegistration } from "./answers";
import { authSecret } from "../accounts/auth-secret";
import { config } from "../config";
import { db } from "../db";
import { checkWebhookTarget, parseWebhookUrl, WebhookUrlRefused } from "./address-policy";
import { newSigningSecret, sealSecret, unsealSecret } from "./signing";
import type { Watcher } from "./watcher";

export type EndpointRow = NonNullable<Awaited<ReturnType<ReturnType<typeof db>["webhookEndpoint"]["findUnique"]>>>;

async function checkedUrl(text: string): Promise<string> {
  const allowPrivate = config().alerts.allowPrivateNetworks;
  try {
    const url = parseWebhookUrl(text.trim(), allowPrivate);
    await checkWebhookTarget(url, allowPrivate);
    return url.toString();
  } catch (error) {
    if (error instanceof WebhookUrlRefused) {
      throw badRequest(`The webhook URL ${error.message}.`, { reason: "webhook_url_refused", param: "url" });
    }
    throw error;
  }
}

/**
 * Registers the watcher's endpoint with a new signing secret, answered this once. Registering again rotates the
 * secret (and may change the URL): deliveries carry a second signature made with the previous secret for
 * KEY_ROTATION_GRACE_HOURS, so a receiver can switch over without refusing events.
 */
export async function registerEndpoint(
  watcher: Watcher,
  urlText: string,
  now = new Date(),
): Promise<WebhookRegistration> {
  const url = await checkedUrl(urlText);
  const secret = newSigningSecret();
  const sealed = sealSecret(secret, await authSecret());
  const existing = await db().webhookEndpoint.findUnique({ where: { watcherId: watcher.id } });
  if (existing) {
    const previousUntil = new Date(now.getTime() + config().accounts.rotationGraceHours * 3_600_000);
    const moved = existing.url !== url;
    await db().webhookEndpoint.update({
      where: { watcherId: watcher.id },
      data: {
        url,
        secretSealed: sealed,
        previousSealed: existing.secretSealed,
        previousUntil,
        email: watcher.email,
        // Another receiver starts with a clean record.
        ...(moved ? { failingSince: null, lastSuccessAt: null, lastFailureAt: null } : {}),
      },
    });
    return {
      url,
      secret,
      rotated: true,
      previousSecretValidUntil: previousUntil.toISOString(),
      createdAt: existing.createdAt.toISOString(),
    };
  }
  try {
    const row = await db().webhookEndpoint.create({
      data: {
        watcherId: watcher.id,
        accountId: watcher.accountId,
        url,
        secretSealed: sealed,
        email: watcher.email,
        createdAt: now,
      },
    });
    return { url, secret, rotated: false, previousSecretValidUntil: null, createdAt: row.createdAt.toISOString() };
  } catch (error) {
    // Two first registrations at once: the second is a rotation of the first.
    if ((error as { code?: string }).code === "P2002") return registerEndpoint(watcher, urlText, now);
    throw error;
  }
}

function endpointHealth(
  row: Pick<EndpointRow, "failingSince" | "lastSuccessAt" | "lastFailureAt">,
): WebhookEndpointView["health"] {
  if (row.failingSince) return "failing";
  return row.lastSuccessAt || row.lastFailureAt ? "healthy" : "new";
}

export async function endpointView(watcher: Watcher): Promise<WebhookEndpointView | null> {
  const row = await db().webhookEndpoint.findUnique({ where: { watcherId: watcher.id } });
  if (!row) return null;
  const pending = await db().alertEvent.count({ where: { watcherId: watcher.id, status: "pending" } });
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    url: row.url,
    health: endpointHealth(row),
    failingSince: iso(row.failingSince),
    lastSuccessAt: iso(row.lastSuccessAt),
    lastFailureAt: iso(row.lastFailureAt),
    pending,
    createdAt: row.createdAt.toISOString(),
  };
}

export const noEndpoint = () =>
  notFound(
    'No webhook endpoint is registered for this key: PUT /api/dealer/v1/webhook with {"url": "https://…"} first.',
  );

/** Removes the endpoint; its undelivered events stay in the log as unsent (and in the email digest). */
export async function removeEndpoint(watcher: Watcher): Promise<{ removed: true; unsent: number }> {
  const [unsent, removed] = await db().$transaction([
    db().alertEvent.updateMany({
      where: { watcherId: watcher.id, status: "pending" },
      data: { status: "unsent", nextAttemptAt: null },
    }),
    db().webhookEndpoint.deleteMany({ where: { watcherId: watcher.id } }),
  ]);
  if (removed.count === 0) throw noEndpoint();
  return { removed: true, unsent: unsent.count };
}

/**
 * The secrets that sign a delivery now: the current one, and the previous one during its grace period. Null when
 * the current one cannot be read (the server's AUTH_SECRET changed since it was sealed): the endpoint must be
 * registered again.
 */
export async function signingSecrets(
  row: Pick<EndpointRow, "secretSealed" | "previousSealed" | "previousUntil">,
  now: Date,
): Promise<string[] | null> {
  const key = await authSecret();
  const current = unsealSecret(row.secretSealed, key);
  if (!current) return null;
  const previous =
    row.previousSealed && row.previousUntil && row.previousUntil > now ? unsealSecret(row.previousSealed, key) : null;
  return previous ? [current, previous] : [current];
}

export const UNREADABLE_SECRET =
  "Not sent: the endpoint's signing secret can no longer be read (the server's AUTH_SECRET changed); register the endpoint again (PUT) for a new one.";
