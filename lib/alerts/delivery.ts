/**
 * Delivering the outbox (AlertEvent) to the watchers' endpoints, at least once:
 *
 * - A round picks due events (pending, their next attempt due, no live claim), at most PER_ENDPOINT per endpoint
 *   (counting those this process still has in flight) and ROUND_MAX in all, the endpoints whose events waited
 *   longest first, and claims them with one conditional UPDATE (leaseOwner/leaseUntil), the lease
 *   pattern of lib/jobs: a second sender (another instance on the same PostgreSQL) skips what is claimed, and a
 *   sender that dies loses its claims when they lapse, so the next round sends those events again. The outcome
 *   of each attempt is written when the receiver has answered: once a 2xx is recorded, the event is never sent
 *   again; an event whose sender died between the 2xx and the record is sent again with the same webhook-id,
 *   which receivers use to drop repeats.
 * - Endpoints are isolated from each other: each has its own slots and breaker (outbound.ts), a round picks
 *   a few events of each endpoint rather than the oldest events of all (a backlog of one endpoint does not fill
 *   the round), and the job starts the next round while a slow one is still waiting on a receiver
 *   (lib/jobs/webhook-delivery.ts), so one dealer's hanging or failing endpoint delays no other dealer's events.
 * - A refused attempt (non-2xx, a redirect, no answer within WEBHOOK_TIMEOUT_MS, a refused address) is retried
 *   after the next delay of WEBHOOK_RETRY_SCHEDULE (10 s, 1 min, 10 min, 1 h, 6 h, then daily for 3 days).
 *   Past the last, the event has failed: the endpoint is marked failing and its owner is mailed, once, until a
 *   delivery succeeds again.
 */
import { randomBytes } from "node:crypto";
import type { DeliveriesPage, DeliveryLogEntry, WebhookTestResult } from "./answers";
import { sendMail } from "../accounts/mailer";
import { config } from "../config";
import { db, type Prisma } from "../db";
import { log } from "../log";
import { noEndpoint, signingSecrets, UNREADABLE_SECRET, type EndpointRow } from "./endpoints";
import { eventBody, INVESTIGATION_OPENED, RECALL_OPENED, WEBHOOK_TEST } from "./event-body";
import { subjectsOf } from "./event-subjects";
import { postEvent, type Delivery } from "./outbound";
import { signedHeaders } from "./signing";
import type { Watcher } from "./watcher";

/** Endpoints served per round, events sent per round, and events in flight per endpoint in this process. */
const ENDPOINTS_PER_ROUND = 32;
const ROUND_MAX = 32;
const PER_ENDPOINT = 4;

/** Events this process is delivering now, per watcher (its endpoint): what a new round leaves to the slow one. */
const inFlight = new Map<string, number>();

export interface RoundResult {
  sent: number;
  delivered: number;
  /** Refused attempts with a retry scheduled. */
  retrying: number;
  /** Events whose last retry was refused. */
  failed: number;
}

const EMPTY: RoundResult = { sent: 0, delivered: 0, retrying: 0, failed: 0 };

/** A claim outlives one delivery (its deadline) with room to record the outcome. */
const claimMs = () => config().alerts.webhookTimeoutMs + 5000;

const freeLease = (now: Date) => [{ leaseUntil: null }, { leaseUntil: { lt: now } }];

function hostKey(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

type EventRow = NonNullable<Awaited<ReturnType<ReturnType<typeof db>["alertEvent"]["findUnique"]>>>;

/** One round of deliveries by `owner` (a sender's id); what it did. */
export async function deliverDueEvents(owner: string, now = new Date()): Promise<RoundResult> {
  const dueWhere = { status: "pending", nextAttemptAt: { lte: now }, OR: freeLease(now) };
  const busy = [...inFlight].filter(([, n]) => n >= PER_ENDPOINT).map(([w]) => w);
  // The endpoints with due events, those that waited longest first; then a few events of each.
  const watchers = await db().alertEvent.groupBy({
    by: ["watcherId"],
    where: { ...dueWhere, ...(busy.length ? { watcherId: { notIn: busy } } : {}) },
    _min: { nextAttemptAt: true },
    orderBy: { _min: { nextAttemptAt: "asc" } },
    take: ENDPOINTS_PER_ROUND,
  });
  if (watchers.length === 0) return EMPTY;
  const due = (
    await Promise.all(
      watchers.map((w) =>
        db().alertEvent.findMany({
          where: { ...dueWhere, watcherId: w.watcherId },
          orderBy: { nextAttemptAt: "asc" },
          take: PER_ENDPOINT - (inFlight.get(w.watcherId) ?? 0),
          select: { id: true, watcherId: true },
        }),
      ),
    )
  ).flat();
  const endpoints = new Map(
    (
      await db().webhookEndpoint.findMany({ where: { watcherId: { in: [...new Set(due.map((e) => e.watcherId))] } } })
    ).map((e) => [e.watcherId, e]),
  );
  const orphans = due.filter((e) => !endpoints.has(e.watcherId)).map((e) => e.id);
  if (orphans.length)
    await db().alertEvent.updateMany({
      where: { id: { in: orphans }, status: "pending" },
      data: { status: "unsent", nextAttemptAt: null },
    });
  const chosen = due
    .filter((e) => endpoints.has(e.watcherId))
    .slice(0, ROUND_MAX)
    .map((e) => e.id);
  if (chosen.length === 0) return EMPTY;
  await db().alertEvent.updateMany({
    where: { id: { in: chosen }, status: "pending", OR: freeLease(now) },
    data: { leaseOwner: owner, leaseUntil: new Date(now.getTime() + claimMs()) },
  });
  const claimed = await db().alertEvent.findMany({
    where: { id: { in: chosen }, leaseOwner: owner, status: "pending" },
  });
  if (claimed.length === 0) return EMPTY;
  for (const e of claimed) inFlight.set(e.watcherId, (inFlight.get(e.watcherId) ?? 0) + 1);
  try {
    return await deliverClaimed(claimed, endpoints, now);
  } finally {
    for (const e of claimed) {
      const n = (inFlight.get(e.watcherId) ?? 1) - 1;
      if (n > 0) inFlight.set(e.watcherId, n);
      else inFlight.delete(e.watcherId);
    }
  }
}

async function deliverClaimed(
  claimed: EventRow[],
  endpoints: Map<string, EndpointRow>,
  now: Date,
): Promise<RoundResult> {
  const subjectOf = await subjectsOf(claimed);
  const secrets = new Map<string, Promise<string[] | null>>();
  const { publicBaseUrl } = config();
  const result: RoundResult = { sent: claimed.length, delivered: 0, retrying: 0, failed: 0 };
  const answered = new Set<string>();
  const refused = new Set<string>();
  const writer = new OutcomeWriter();
  await Promise.all(
    claimed.map(async (event) => {
      const endpoint = endpoints.get(event.watcherId)!;
      if (!secrets.has(endpoint.watcherId)) secrets.set(endpoint.watcherId, signingSecrets(endpoint, now));
      const keys = await secrets.get(endpoint.watcherId)!;
      const body = eventBody(event, subjectOf(event), publicBaseUrl);
      const delivery: Delivery = keys
        ? await postEvent(endpoint, body, { ...signedHeaders(event.id, new Date(), body, keys) })
        : { ok: false, status: null, reason: "refused", detail: UNREADABLE_SECRET, ms: 0 };
      (delivery.ok ? answered : refused).add(endpoint.watcherId);
      // Written as soon as the receiver answered: an acknowledged event is never sent again.
      const outcome = await writer.write(event, delivery);
      result[outcome]++;
      if (outcome === "failed") await markFailing(endpoint, event, delivery.ok ? "" : delivery.detail, new Date());
    }),
  );
  // The endpoints' health, once per round.
  const at = new Date();
  if (answered.size)
    await db().webhookEndpoint.updateMany({
      where: { watcherId: { in: [...answered] } },
      data: { lastSuccessAt: at, failingSince: null },
    });
  if (refused.size)
    await db().webhookEndpoint.updateMany({ where: { watcherId: { in: [...refused] } }, data: { lastFailureAt: at } });
  return result;
}

type Outcome = "delivered" | "retrying" | "failed";

/** One attempt's row update: delivered, retried at the next delay of the schedule, or failed for good. */
function outcomeUpdate(
  event: EventRow,
  delivery: Delivery,
  at: Date,
): { outcome: Outcome; data: Prisma.AlertEventUpdateManyMutationInput } {
  const common = {
    attempts: event.attempts + 1,
    lastAttemptAt: at,
    lastStatus: delivery.status,
    leaseOwner: null,
    leaseUntil: null,
  };
  if (delivery.ok)
    return {
      outcome: "delivered",
      data: { ...common, status: "delivered", deliveredAt: at, nextAttemptAt: null, lastError: null },
    };
  const wait = config().alerts.retryScheduleMs[event.attempts];
  if (wait === undefined)
    return {
      outcome: "failed",
      data: { ...common, status: "failed", nextAttemptAt: null, lastError: delivery.detail },
    };
  return {
    outcome: "retrying",
    data: { ...common, nextAttemptAt: new Date(at.getTime() + wait), lastError: delivery.detail },
  };
}

/**
 * Writes outcomes as they come, in group commits: whatever arrived while the last transaction was being written
 * goes into the next. Each outcome is durable one commit after its receiver answered (no waiting for the rest of
 * the round), and a round costs a few statements instead of one per event: outcomes that change their rows alike
 * (most often "delivered at the first attempt") are one UPDATE.
 */
class OutcomeWriter {
  private queue: { event: EventRow; delivery: Delivery; done: (o: Outcome) => void; fail: (e: unknown) => void }[] = [];
  private flushing = false;

  write(event: EventRow, delivery: Delivery): Promise<Outcome> {
    return new Promise<Outcome>((done, fail) => {
      this.queue.push({ event, delivery, done, fail });
      if (!this.flushing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    while (this.queue.length) {
      const batch = this.queue.splice(0);
      const at = new Date();
      const groups = new Map<string, { data: Prisma.AlertEventUpdateManyMutationInput; ids: string[] }>();
      const outcomes = batch.map((b) => {
        const { outcome, data } = outcomeUpdate(b.event, b.delivery, at);
        const key = JSON.stringify(data);
        const group = groups.get(key);
        if (group) group.ids.push(b.event.id);
        else groups.set(key, { data, ids: [b.event.id] });
        return outcome;
      });
      try {
        await db().$transaction(
          [...groups.values()].map((g) => db().alertEvent.updateMany({ where: { id: { in: g.ids } }, data: g.data })),
        );
        batch.forEach((b, i) => b.done(outcomes[i]));
      } catch (error) {
        for (const b of batch) b.fail(error);
      }
    }
    this.flushing = false;
  }
}

/** The first event to use up its retries marks the endpoint failing and tells its owner, once. */
async function markFailing(endpoint: EndpointRow, event: EventRow, detail: string, at: Date): Promise<void> {
  const { count } = await db().webhookEndpoint.updateMany({
    where: { watcherId: endpoint.watcherId, failingSince: null },
    data: { failingSince: at },
  });
  if (count === 0) return;
  log().warn(
    { watcher: endpoint.watcherId, host: hostKey(endpoint.url), event: event.id },
    "webhook endpoint failing: an event used up its retries",
  );
  const { publicBaseUrl, alerts } = config();
  const days = Math.round(alerts.retryScheduleMs.reduce((a, b) => a + b, 0) / 86_400_000);
  await sendMail(
    {
      to: endpoint.email,
      subject: "Your vinscope webhook endpoint is failing",
      text:
        `vinscope could not deliver a recall alert to your webhook endpoint:\n\n  ${endpoint.url}\n\n` +
        `Event ${event.id} (${event.type}${event.vin ? `, VIN ${event.vin}` : ""}${event.campaignNumber ? `, campaign ${event.campaignNumber}` : ""}) ` +
        `was refused ${event.attempts + 1} times over about ${days} day${days === 1 ? "" : "s"}. The last attempt: ${detail}\n\n` +
        `New events are still sent to it. Once it accepts one, it counts as healthy again. The delivery log is at ` +
        `GET ${publicBaseUrl}/api/dealer/v1/webhook/deliveries and on your account page, ${publicBaseUrl}/dealers/account.\n`,
    },
    () => ({ notice: "webhook endpoint failing", endpointHost: hostKey(endpoint.url) }),
    "webhook failure notice",
  );
}

/** Sends a webhook.test event now (not retried), records it in the log, and answers what happened. */
export async function sendTestEvent(watcher: Watcher, now = new Date()): Promise<WebhookTestResult> {
  const endpoint = await db().webhookEndpoint.findUnique({ where: { watcherId: watcher.id } });
  if (!endpoint) throw noEndpoint();
  const id = `msg_${randomBytes(16).toString("hex")}`;
  const row = {
    id,
    type: WEBHOOK_TEST,
    createdAt: now,
    vin: null,
    year: null,
    make: null,
    model: null,
    campaignNumber: null,
    country: null,
  };
  const body = eventBody(row, undefined, config().publicBaseUrl);
  const keys = await signingSecrets(endpoint, now);
  const delivery: Delivery = keys
    ? await postEvent(endpoint, body, { ...signedHeaders(id, new Date(), body, keys) })
    : { ok: false, status: null, reason: "refused", detail: UNREADABLE_SECRET, ms: 0 };
  const at = new Date();
  await db().$transaction([
    db().alertEvent.create({
      data: {
        ...row,
        watcherId: watcher.id,
        accountId: watcher.accountId,
        status: delivery.ok ? "delivered" : "failed",
        attempts: 1,
        lastAttemptAt: at,
        lastStatus: delivery.status,
        lastError: delivery.ok ? null : delivery.detail,
        deliveredAt: delivery.ok ? at : null,
      },
    }),
    db().webhookEndpoint.update({
      where: { watcherId: watcher.id },
      data: delivery.ok ? { lastSuccessAt: at, failingSince: null } : { lastFailureAt: at },
    }),
  ]);
  return {
    id,
    delivered: delivery.ok,
    status: delivery.status,
    error: delivery.ok ? null : delivery.detail,
    durationMs: delivery.ms,
  };
}

const encodeCursor = (createdAt: Date, id: string) =>
  Buffer.from(`${createdAt.toISOString()}|${id}`).toString("base64url");

function decodeCursor(cursor: string): { createdAt: Date; id: string } | null {
  const [at, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const createdAt = new Date(at);
  return id && !Number.isNaN(createdAt.getTime()) ? { createdAt, id } : null;
}

/** The watcher's events, newest first, a page at a time. */
export async function deliveryLog(watcher: Watcher, limit: number, cursor?: string): Promise<DeliveriesPage> {
  const after = cursor ? decodeCursor(cursor) : null;
  const rows = await db().alertEvent.findMany({
    where: {
      watcherId: watcher.id,
      ...(after
        ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] }
        : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { items: page.map(logEntry), nextCursor: rows.length > limit ? encodeCursor(last.createdAt, last.id) : null };
}

export function logEntry(r: EventRow): DeliveryLogEntry {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    id: r.id,
    event: r.type === RECALL_OPENED || r.type === INVESTIGATION_OPENED ? r.type : WEBHOOK_TEST,
    vin: r.vin,
    campaignNumber: r.campaignNumber,
    country: r.type === WEBHOOK_TEST ? null : r.country === "CA" ? "CA" : "US",
    status: r.status as DeliveryLogEntry["status"],
    attempts: r.attempts,
    lastStatus: r.lastStatus,
    lastError: r.lastError,
    nextAttemptAt: iso(r.nextAttemptAt),
    createdAt: r.createdAt.toISOString(),
    deliveredAt: iso(r.deliveredAt),
  };
}
