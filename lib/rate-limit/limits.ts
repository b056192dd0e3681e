/**
 * Public rate limits: per client address on the public API and /api/mcp, and optional per-key limits
 * on the dealer API, counted in lib/rate-limit/store.ts.
 *
 * Every answer of a limited route carries the IETF draft's fields (draft-ietf-httpapi-ratelimit-headers-10):
 *   RateLimit-Policy: "address";q=60;w=60     the quota (q requests per w seconds)
 *   RateLimit: "address";r=42;t=17            what is left of it (r requests) and when it resets (t seconds)
 * Past the quota: 429 problem (reason rate_limited) with Retry-After. When no counter store answered, the
 * request is let through with RateLimit-Policy only (its remaining budget is unknown, not zero).
 */
import { ApiError } from "../contract/errors";
import { config, type Config, type RateLimitPolicy } from "../config";
import {
  addressLimitKey,
  AddressSet,
  clientAddress,
  normaliseAddress,
  PEER_ADDRESS_HEADER,
} from "../http/client-address";
import { sharedLimiter, type LimitOutcome } from "./store";
import { countRateLimitRefusal } from "../metrics/process-metrics";

type PolicyName = "address" | "key";

export interface LimitDecision {
  /** The RateLimit-Policy / RateLimit fields for the answer. */
  headers: Record<string, string>;
  /** Set when the quota is spent: the 429 to answer instead. */
  refusal: ApiError | null;
}

interface Sets {
  source: Config["rateLimit"];
  trusted: AddressSet;
  exempt: AddressSet;
  exemptKeys: Set<string>;
}

let sets: Sets | undefined;

function addressSets(): Sets {
  const source = config().rateLimit;
  if (sets?.source !== source) {
    sets = {
      source,
      trusted: new AddressSet(source.trustedProxies),
      exempt: new AddressSet(source.exemptAddresses),
      exemptKeys: new Set(source.exemptKeys),
    };
  }
  return sets;
}

/**
 * The client address of a request, by the same rule as the public limits (socket address; X-Forwarded-For only
 * through TRUSTED_PROXIES). Null in the first moments of a process, before the peer-address stamp is installed.
 */
function requestAddress(headers: Headers): string | null {
  return clientAddress(headers, addressSets().trusted);
}

/**
 * The client address the account forms' limits (lib/rate-limit/forms.ts) count against: the socket's, or X-Forwarded-For read through
 * TRUSTED_PROXIES only, so a client cannot choose its own address by sending the
 * header. "unknown" (one shared counter) for the rare request that carries no peer address.
 */
export function formLimitAddress(headers: Headers): string {
  const address = requestAddress(headers);
  return address === null ? "unknown" : addressLimitKey(address);
}

/**
 * The host the client asked for, for the cross-site check of form posts: the Host header, or X-Forwarded-Host when
 * the request came through a proxy TRUSTED_PROXIES names (anyone else could send that header to pass for another site).
 */
export function requestHost(headers: Headers): string | null {
  const forwarded = headers.get("x-forwarded-host")?.split(",")[0].trim();
  const peer = headers.get(PEER_ADDRESS_HEADER);
  if (forwarded && peer && addressSets().trusted.has(normaliseAddress(peer))) return forwarded;
  return headers.get("host");
}

const KEY_PATTERN = /^vsk_([0-9a-f]{12})_/;

/** The prefix of a presented dealer key when it is on the exempt list (the caller still has to verify it). */
function exemptKeyPrefix(presented: string | null): string | null {
  const prefix = presented ? KEY_PATTERN.exec(presented.trim())?.[1] : undefined;
  return prefix && addressSets().exemptKeys.has(prefix) ? prefix : null;
}

function isExemptKeyPrefix(prefix: string): boolean {
  return addressSets().exemptKeys.has(prefix);
}

/**
 * The per-address check of a public request. Null when no limit applies (limits off, or an exempt address or
 * key). `verifyExemptKey` checks a presented dealer key whose prefix is on the exempt list (a prefix alone is
 * not secret, so it must be the whole valid key).
 */
export async function checkAddressLimit(
  req: Request,
  verifyExemptKey: (presented: string) => Promise<boolean>,
): Promise<LimitDecision | null> {
  const policy = config().rateLimit.public;
  if (!policy) return null;
  const { trusted, exempt } = addressSets();
  const address = clientAddress(req.headers, trusted);
  if (address && exempt.has(address)) return null;
  const presented = req.headers.get("x-api-key");
  if (presented && exemptKeyPrefix(presented) && (await verifyExemptKey(presented))) return null;
  // No peer address: a request that reached Next.js before this process finished starting. They share one counter.
  const key = address ? addressLimitKey(address) : "unidentified";
  return decide("address", policy, await sharedLimiter("public", policy).consume(key));
}

/**
 * Builds the public limiter when the server process starts, so that on PostgreSQL the process is counted among
 * those sharing the quota (each one's share of a client's remaining quota depends on how many there are) before it
 * serves its first request.
 */
export function prepareRateLimits(): void {
  const policy = config().rateLimit.public;
  if (policy) sharedLimiter("public", policy);
}

/** The per-key check of a dealer request, when the operator set DEALER_RATE_LIMIT_REQUESTS. */
export async function checkKeyLimit(keyId: string, keyPrefix: string): Promise<LimitDecision | null> {
  const policy = config().rateLimit.dealer;
  if (!policy || isExemptKeyPrefix(keyPrefix)) return null;
  return decide("key", policy, await sharedLimiter("dealer", policy).consume(keyId));
}

function policyHeader(name: PolicyName, policy: RateLimitPolicy): string {
  return `"${name}";q=${policy.requests};w=${policy.windowSeconds}`;
}

function decide(name: PolicyName, policy: RateLimitPolicy, outcome: LimitOutcome): LimitDecision {
  const headers: Record<string, string> = { "RateLimit-Policy": policyHeader(name, policy) };
  if (!outcome.known) return { headers, refusal: null };
  const resetSeconds = Math.max(0, Math.ceil(outcome.resetMs / 1000));
  headers.RateLimit = `"${name}";r=${outcome.remaining};t=${resetSeconds}`;
  if (outcome.allowed) return { headers, refusal: null };
  countRateLimitRefusal(name);
  const retryAfter = Math.max(1, resetSeconds);
  const who = name === "address" ? "from this address" : "with this API key";
  return {
    headers,
    refusal: new ApiError(
      429,
      "Too Many Requests",
      `More than ${policy.requests} requests ${who} in ${policy.windowSeconds} s. Retry after ${retryAfter} s.`,
      {
        reason: "rate_limited",
        limit: policy.requests,
        windowSeconds: policy.windowSeconds,
        retryAfterSeconds: retryAfter,
      },
      { ...headers, "Retry-After": String(retryAfter) },
    ),
  };
}
