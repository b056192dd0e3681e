/**
 * Webhook deliveries (lib/alerts/delivery.ts) as a job of the runner: a run keeps delivering for RUN_MS, looking
 * for due events every second, so an event is sent within seconds of the sync that queued it and the job's log
 * has a couple of lines a minute, not one per event. The schedule looks every 5 seconds whether a run is going
 * (the runner never starts a job twice at once), so a new run follows within seconds of the last, or of a dead
 * runner's lease running out. The job's lease (kept
 * short) makes one runner deliver at a time; each event's own claim is what keeps a dead runner's events from
 * being lost or sent twice.
 *
 * A round waits for its slowest receiver (up to WEBHOOK_TIMEOUT_MS). So that one dealer's hanging endpoint does
 * not hold up the others, the next round starts when the last has not ended within a poll interval (up to
 * PARALLEL_ROUNDS at once); a round leaves out the endpoints whose slots this process already fills
 * (lib/alerts/delivery.ts), so the new round serves the others.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { deliverDueEvents, type RoundResult } from "../alerts/delivery";
import { countWebhookDeliveries } from "../metrics/process-metrics";
import { config } from "../config";
import { runnerId } from "./run-job";
import type { Job } from "./job";

/** How long one run delivers before it hands over to the next. */
const RUN_MS = 50_000;
const IDLE_POLL_MS = 1000;
/** Rounds in flight at once: a slow round keeps its events; new ones go on serving the other endpoints. */
const PARALLEL_ROUNDS = 8;

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
    const running = new Set<Promise<unknown>>();
    let failure: unknown;
    while (Date.now() < until && !ctx.signal.aborted && failure === undefined) {
      const round = deliverDueEvents(owner).then(
        (r) => {
          for (const k of Object.keys(total) as (keyof RoundResult)[]) total[k] += r[k];
          countWebhookDeliveries("delivered", r.delivered);
          countWebhookDeliveries("retrying", r.retrying);
          countWebhookDeliveries("failed", r.failed);
          return r;
        },
        (error: unknown) => {
          failure ??= error;
          return null;
        },
      );
      const tracked = round.finally(() => running.delete(tracked));
      running.add(tracked);
      const pause = sleep(IDLE_POLL_MS, "slow" as const, { signal: ctx.signal }).catch(() => "slow" as const);
      const first = await Promise.race([round, pause]);
      // Nothing was due: wait before looking again. A round still going after the poll interval: start another.
      if (first !== "slow" && (first === null || first.sent === 0)) await pause;
      while (running.size >= PARALLEL_ROUNDS) await Promise.race(running);
    }
    await Promise.all(running);
    if (failure !== undefined) throw failure;
    return {
      outcome: total.sent ? "ok" : "unchanged",
      rowsChanged: total.sent,
      state: {},
      summary: `${total.delivered} delivered, ${total.retrying} to retry, ${total.failed} failed`,
    };
  },
};
