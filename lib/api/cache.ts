/**
 * Cache-Control per route, in one table. Public answers may be stored by browsers and shared
 * caches alike (`max-age` and `s-maxage`), and served a while longer while a cache revalidates.
 */
const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const shared = (seconds: number, swr: number) =>
  `public, max-age=${seconds}, s-maxage=${seconds}, stale-while-revalidate=${swr}`;

export const CACHE = {
  vin: shared(DAY, HOUR),
  pricing: shared(HOUR, 10 * MINUTE),
  recalls: shared(6 * HOUR, HOUR),
  /** NCAP ratings, complaints and EPA fuel economy by year/make/model. */
  buyerData: shared(6 * HOUR, HOUR),
  insights: shared(30 * DAY, DAY),
  /** An insight composed without the AI model is replaced within the hour: shared caches keep it briefly. */
  insightsFallback: shared(5 * MINUTE, MINUTE),
  market: shared(HOUR, 10 * MINUTE),
  openapi: shared(DAY, HOUR),
  /** The Atom feed of new recall campaigns: feed readers poll; the mirror changes once a day. */
  recallFeed: shared(HOUR, 10 * MINUTE),
  /** The vPIC catalog (makes, models, WMIs): it changes when the vPIC data does, monthly at most. */
  catalog: shared(DAY, HOUR),
  discovery: shared(DAY, HOUR),
  /**
   * An answer with a degraded section (recalls stale or unavailable, a fallback insight, pricing temporarily
   * unavailable): shared caches keep it a minute, so the healthy answer replaces it soon after an outage ends.
   */
  degraded: "public, max-age=60, s-maxage=60",
  /** A dealer's own PDF: their browser may keep it a day, shared caches never. */
  dealerPdf: "private, max-age=86400",
  none: "no-store",
} as const;

export type CachePolicy = keyof typeof CACHE;
