/**
 * One circuit breaker per named outside system or host ("nhtsa-recalls", "vpic", "anthropic",
 * "sticker:cws.gm.com"), on cockatiel's SamplingBreaker: it opens when, within the last `windowMs`, it saw at
 * least `failures` calls and more than half of them failed. Calls then answer at once with the
 * caller's degraded value instead of waiting on a system that is down. After `cooldownMs` the next call is let
 * through as the probe (half-open): its success closes the breaker, its failure opens it for another
 * cool-down. Concurrent calls during the probe stay degraded.
 *
 * A hang gives no failure until a deadline passes (seconds), so waiting for failures alone would let every
 * request of the first seconds of an outage wait too. Each HTTP call made under `run` (fetchJson reads the
 * breaker from an AsyncLocalStorage) that has not answered within `slowCallMs` counts as one failure at that
 * moment: a few concurrent calls into a hang open the breaker within about a second.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import {
  BrokenCircuitError,
  circuitBreaker,
  CircuitState,
  handleWhen,
  IsolatedCircuitError,
  SamplingBreaker,
  type CircuitBreakerPolicy,
} from "cockatiel";
import { config } from "../config";
import { log } from "../log";
import { countOutsideCall, sampleAtScrape, type OutsideOutcome } from "../metrics/process-metrics";
import { inSpan, tracingOn } from "../metrics/tracing";

export type BreakerState = "closed" | "open" | "half_open";

export interface BreakerHealth {
  name: string;
  state: BreakerState;
  /** When the breaker last opened (ISO time), null if it never has in this process. */
  openedAt: string | null;
  /** The last failure seen, for the log and /api/health readers. */
  lastFailure: string | null;
}

export interface RunOptions<T> {
  /** Whether an answer counts as a failure of the system (a 5xx, a timeout), not of the question (a 404). */
  failed: (value: T) => boolean;
  /** The degraded answer while the breaker is open: returned at once, the system is not called. */
  open: () => T;
  /**
   * Answers that say nothing about the system's health (the caller went away, the request never left a full
   * queue): counted neither way. Such an answer to the half-open probe counts as a failure (stay careful).
   */
  ignored?: (value: T) => boolean;
}

/** A failed answer carried through cockatiel, which counts thrown errors. */
class FailedAnswer<T> extends Error {
  constructor(readonly value: T) {
    super("outside system answered with a failure");
  }
}

/** An answer that counts neither way: cockatiel's filter does not handle it, so the breaker does not count it. */
class IgnoredAnswer<T> extends Error {
  constructor(readonly value: T) {
    super("answer not counted");
  }
}

/** A call that has not answered within slowCallMs, counted against its system at that moment. */
class SlowCall extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${ms} ms (slow call)`);
  }
}

export interface BreakerSettings {
  failures: number;
  windowMs: number;
  cooldownMs: number;
  slowCallMs: number;
}

const current = new AsyncLocalStorage<Breaker>();

/**
 * Arms the slow-call timer of the breaker whose `run` this call is made under (none outside one); call the
 * returned function when the call has answered.
 */
export function watchSlowCall(): () => void {
  const breaker = current.getStore();
  if (!breaker) return () => undefined;
  const timer = setTimeout(() => breaker.countSlowCall(), breaker.settings.slowCallMs);
  timer.unref();
  return () => clearTimeout(timer);
}

export class Breaker {
  private readonly policy: CircuitBreakerPolicy;
  private openedAt: number | null = null;
  private lastFailure: string | null = null;
  readonly settings: BreakerSettings;
  /**
   * The name its calls are counted under in the metrics and named in spans: the system's name, or for one of many
   * breakers of a kind (a webhook endpoint's, whose name holds the endpoint's URL) the kind alone, so no URL
   * becomes a label and the label's values stay a handful.
   */
  readonly source: string;

  constructor(
    readonly name: string,
    readonly failures: number,
    readonly cooldownMs: number,
    more: Partial<Pick<BreakerSettings, "windowMs" | "slowCallMs">> & { source?: string } = {},
  ) {
    this.source = more.source ?? name;
    this.settings = { failures, cooldownMs, windowMs: more.windowMs ?? 10_000, slowCallMs: more.slowCallMs ?? 750 };
    const { windowMs } = this.settings;
    // cockatiel's SamplingBreaker: open above `threshold` failures of the calls in `duration`, once at least
    // `minimumRps * duration` calls were seen: here `failures` calls.
    const breaker = new SamplingBreaker({
      threshold: 0.5,
      duration: windowMs,
      minimumRps: (failures * 1000) / windowMs,
    });
    this.policy = circuitBreaker(
      handleWhen((error) => !(error instanceof IgnoredAnswer)),
      { halfOpenAfter: cooldownMs, breaker },
    );
    this.policy.onBreak(() => {
      this.openedAt = Date.now();
      log().warn({ breaker: name, cooldownMs, lastFailure: this.lastFailure }, "outside system breaker opened");
    });
    this.policy.onReset(() => log().info({ breaker: name }, "outside system breaker closed"));
  }

  get state(): BreakerState {
    switch (this.policy.state) {
      case CircuitState.Closed:
        return "closed";
      case CircuitState.HalfOpen:
        return "half_open";
      default:
        // Cockatiel reports Open until the next call after the cool-down; say so honestly.
        return this.openedAt !== null && Date.now() - this.openedAt >= this.cooldownMs ? "half_open" : "open";
    }
  }

  /** True while calls answer degraded without asking the system (open, or a probe already under way). */
  get refusing(): boolean {
    const s = this.policy.state;
    if (s === CircuitState.Closed) return false;
    if (s === CircuitState.Open) return this.openedAt === null || Date.now() - this.openedAt < this.cooldownMs;
    return true;
  }

  /**
   * `work` under the breaker, each call counted by outcome in the metrics (lib/metrics) and, with tracing on, a
   * span named for the system with its outcome and whether the breaker refused the call.
   */
  run<T>(work: () => Promise<T>, opts: RunOptions<T>): Promise<T> {
    if (!tracingOn()) return this.runCounted(work, opts);
    let outcome: OutsideOutcome = "error";
    return inSpan(
      `outside ${this.source}`,
      { "vinscope.source": this.source },
      () => this.runCounted(work, opts, (o) => (outcome = o)),
      () => ({ "vinscope.outcome": outcome, "vinscope.breaker_refused": outcome === "refused" }),
    );
  }

  private async runCounted<T>(
    work: () => Promise<T>,
    opts: RunOptions<T>,
    note?: (outcome: OutsideOutcome) => void,
  ): Promise<T> {
    const count = (outcome: OutsideOutcome, seconds?: number) => {
      countOutsideCall(this.source, outcome, seconds);
      note?.(outcome);
    };
    // Cockatiel makes calls during the half-open probe wait for it; an outage must cost no waiting, so they
    // answer degraded at once instead.
    if (this.policy.state === CircuitState.HalfOpen) {
      count("refused");
      return opts.open();
    }
    const probe = this.policy.state === CircuitState.Open;
    let started: number | undefined;
    const took = () => (started === undefined ? undefined : (performance.now() - started) / 1000);
    try {
      const value = await this.policy.execute(async () => {
        started = performance.now();
        const value = await current.run(this, work);
        if (opts.ignored?.(value)) throw probe ? new FailedAnswer(value) : new IgnoredAnswer(value);
        if (opts.failed(value)) throw new FailedAnswer(value);
        return value;
      });
      count("ok", took());
      return value;
    } catch (error) {
      if (error instanceof BrokenCircuitError || error instanceof IsolatedCircuitError) {
        count("refused");
        return opts.open();
      }
      if (error instanceof IgnoredAnswer) {
        count("ignored", took());
        return error.value as T;
      }
      if (error instanceof FailedAnswer) {
        count("failed", took());
        this.lastFailure = describe(error.value);
        return error.value as T;
      }
      count("error", took());
      this.lastFailure = error instanceof Error ? error.message : String(error);
      throw error;
    }
  }

  /** Whether this breaker was built with these thresholds (config changes in tests rebuild it). */
  hasSettings(s: BreakerSettings): boolean {
    return (Object.keys(s) as Array<keyof BreakerSettings>).every((k) => this.settings[k] === s[k]);
  }

  /** One failure for a call still unanswered after slowCallMs (a hang shows before its deadline passes). */
  countSlowCall(): void {
    if (this.policy.state !== CircuitState.Closed) return;
    this.lastFailure = new SlowCall(this.settings.slowCallMs).message;
    this.policy.execute(() => Promise.reject(new SlowCall(this.settings.slowCallMs))).catch(() => undefined);
  }

  health(): BreakerHealth {
    return {
      name: this.name,
      state: this.state,
      openedAt: this.openedAt === null ? null : new Date(this.openedAt).toISOString(),
      lastFailure: this.lastFailure,
    };
  }
}

function describe(value: unknown): string {
  if (value && typeof value === "object") {
    const v = value as { reason?: unknown; detail?: unknown; why?: unknown };
    return [v.reason, v.detail ?? v.why].filter((x) => typeof x === "string" && x).join(": ") || "failed";
  }
  return String(value);
}

/**
 * Breakers by name. Names come from configuration (a handful of systems and manufacturer hosts), never from
 * request input, so the registry stays small; it is capped anyway so a bug cannot grow it without bound.
 */
const MAX_BREAKERS = 64;
const globalForBreakers = globalThis as unknown as { __vinscopeBreakers?: Map<string, Breaker> };

export function breakerFor(name: string): Breaker {
  const registry = (globalForBreakers.__vinscopeBreakers ??= new Map());
  let breaker = registry.get(name);
  if (!breaker || !breaker.hasSettings(configuredSettings())) {
    if (!breaker && registry.size >= MAX_BREAKERS) registry.delete(registry.keys().next().value as string);
    breaker = configuredBreaker(name, name);
    registry.set(name, breaker);
  }
  return breaker;
}

function configuredSettings(): BreakerSettings {
  const o = config().outside;
  return {
    failures: o.breakerFailures,
    windowMs: o.breakerWindowMs,
    cooldownMs: o.breakerCooldownMs,
    slowCallMs: o.slowCallMs,
  };
}

/**
 * A new breaker with the configured thresholds (for registries of their own, such as webhook endpoints). Its
 * calls are counted under `source`: by default the name's kind, before its first colon (`webhook`).
 */
export function configuredBreaker(name: string, source = name.split(":")[0]): Breaker {
  const s = configuredSettings();
  return new Breaker(name, s.failures, s.cooldownMs, { ...s, source });
}

const BREAKER_STATES: BreakerState[] = ["closed", "open", "half_open"];

// Each breaker's state when /metrics is scraped: one series per state, 1 for the one it is in (the instance's
// scrape adds the processes up, so the value is how many processes see the source in that state).
sampleAtScrape("breakers", (set) => {
  for (const breaker of globalForBreakers.__vinscopeBreakers?.values() ?? []) {
    const state = breaker.state;
    for (const s of BREAKER_STATES) set({ source: breaker.source, state: s }, s === state ? 1 : 0);
  }
});

/** Every breaker this process has made, for health reporting. */
export function breakerHealth(): BreakerHealth[] {
  return [...(globalForBreakers.__vinscopeBreakers?.values() ?? [])].map((b) => b.health());
}

/** Tests start with closed breakers: all of them, or the one named. */
export function resetBreakersForTests(name?: string): void {
  if (name === undefined) globalForBreakers.__vinscopeBreakers?.clear();
  else globalForBreakers.__vinscopeBreakers?.delete(name);
}
