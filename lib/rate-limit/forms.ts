/**
 * The account forms' abuse limits: trial signups per client address per day, and sign-in link requests per
 * client address per hour, and per address and mailbox. Counters live in the database
 * (rate-limiter-flexible's Prisma store on the AccountRateLimit table), so every server process of one
 * `npm start` and every instance on one PostgreSQL count together.
 *
 * The same idea as the public limits (limits.ts: a counter per client key per fixed window, the same client
 * address rule, the same refusal metric), on another store: store.ts's limiter counts on SQLite in the `npm start`
 * primary's memory and, when its stores fail, lets requests through; a day's signups must survive a restart and a
 * second instance on every provider, and a form whose counter cannot be written is refused like any other write
 * when the database is down. These answer with a sentence on the page rather than a 429.
 */
import { createHash } from "node:crypto";
import { RateLimiterPrisma, RateLimiterRes } from "rate-limiter-flexible";
import { config } from "../config";
import { db } from "../db";
import { retryAnswer } from "../outside";
import { countRateLimitRefusal } from "../metrics/process-metrics";

export type FormLimitOutcome = { ok: true } | { ok: false; retryAfterSeconds: number };

/** The store client: always the current Prisma client (lib/db may reopen it after a database fault). */
const storeClient = new Proxy({} as Record<string, unknown>, {
  get: (_target, prop) => (db() as unknown as Record<string | symbol, unknown>)[prop],
});

const limiters = new Map<string, RateLimiterPrisma>();

function limiter(name: string, points: number, durationSeconds: number): RateLimiterPrisma {
  const id = `${name}:${points}:${durationSeconds}`;
  let found = limiters.get(id);
  if (!found) {
    found = new RateLimiterPrisma({
      storeClient,
      tableName: "accountRateLimit",
      keyPrefix: name,
      points,
      duration: durationSeconds,
    });
    limiters.set(id, found);
  }
  return found;
}

/** Counter keys never hold an address or an email in the clear. */
const counterKey = (value: string) => createHash("sha256").update(value).digest("base64url").slice(0, 32);

const isUniqueViolation = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { code?: string }).code === "P2002";

function consume(name: string, points: number, durationSeconds: number, subject: string): Promise<FormLimitOutcome> {
  const once = async (): Promise<FormLimitOutcome> => {
    try {
      await limiter(name, points, durationSeconds).consume(counterKey(subject));
      return { ok: true };
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        countRateLimitRefusal(name.startsWith("signup") ? "signup" : "signin");
        return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) };
      }
      throw error;
    }
  };
  // Two processes creating the same counter at once: the loser's upsert meets the winner's row; once more
  // increments it.
  return retryAnswer(once, { retries: 1, backoffMs: 0, retryable: () => false, retryableError: isUniqueViolation });
}

/** One trial signup attempt from this address (counted whether or not it issues a key). */
export function consumeSignup(address: string): Promise<FormLimitOutcome> {
  return consume("signup", config().accounts.signupsPerAddressPerDay, 86_400, address);
}

/**
 * One sign-in link request. The quota is the requester's: SIGNIN_ATTEMPTS_PER_HOUR per client address, and of
 * those at most half (at least 3) for any one mailbox. A mailbox's links are therefore limited per address that
 * asks for them, never in a counter of the mailbox alone, which anyone could use up to lock its owner out for the
 * hour: the owner, asking from their own address, always has their own quota. Enough for a typo'd first try and
 * a lost mail; a stranger's address can send a given inbox no more than that an hour.
 */
export async function consumeSignIn(address: string, emailKey: string): Promise<FormLimitOutcome> {
  const perHour = config().accounts.signinAttemptsPerHour;
  const byAddress = await consume("signin-ip", perHour, 3600, address);
  if (!byAddress.ok) return byAddress;
  return consume("signin-ip-email", Math.max(3, Math.floor(perHour / 2)), 3600, `${address}\u0000${emailKey}`);
}
