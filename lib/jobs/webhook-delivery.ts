/**
 * Webhook deliveries (lib/alerts/delivery.ts) as a job of the runner: a run keeps delivering for RUN_MS, looking
 * for due events every second, so an event is sent within seconds of the sync that queued it and the job's log
 * has a couple of lines a minute, not one per event. The schedule looks every 5 seconds whether a run is going
 * (the runner never starts a job twice at once), so a new run follows within seconds of the last, or of a dead
 * runner's lease running out. The job's lease (kept
 * short) makes one runner deliver at a time; each event's own claim is what keeps a dead runner's events from
 * being lost or sent twice.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { deliverDueEvents, type RoundResult } from "../alerts/delivery";
import { config } from "../config";
import { runnerId } from "./run-job";
import type { Job } from "./job";

/** How long one run delivers before it hands over to the next. */
const RUN_MS = 50_000;
const IDLE_POLL_MS = 1000;

export const webhookDeliveryJob: Job = {
  name: "webhooks",
  description: "Webhook deliveries: recall.opened events from the outbox, retried with backoff",
  schedule: () => "*/5 * * * * *",
  disabledReason: () => null,
  dueAtStart: () => true,
  leaseMs: () => 3 * config().alerts.webhookTimeoutMs,
  async run(ctx) {
    const owner = runnerId();
    const total: RoundResult = { sent: 0, delivered: 0, retrying: 0, failed: 0 };
    const until = Date.now() + RUN_MS;
    while (Date.now() < until && !ctx.signal.aborted) {
      const round = await deliverDueEvents(owner);
      for (const k of Object.keys(total) as (keyof RoundResult)[]) total[k] += round[k];
      if (round.sent === 0) await sleep(IDLE_POLL_MS, undefined, { signal: ctx.signal }).catch(() => undefined);
    }
    return {
      outcome: total.sent ? "ok" : "unchanged",
      rowsChanged: total.sent,
      state: {},
      summary: `${total.delivered} delivered, ${total.retrying} to retry, ${total.failed} failed`,
    };
  },
};
