/**
 * The recall alerts' contract on the dealer API (lib/alerts): the watchlist, the webhook endpoint and its delivery
 * log. Routes parse with these schemas, lib/alerts answers values of their types, and the OpenAPI document is
 * generated from them.
 */
import { z } from "zod";
import { EXAMPLE_VIN } from "../contract/examples";
import { modelYearParam } from "../contract/params";
import { RecallItem, RecallStatus } from "../recalls";

/** VINs one POST may carry (the watchlist itself holds up to WATCHLIST_MAX_VINS). */
export const WATCHLIST_POST_LIMIT = 1000;
const PAGE_DEFAULT = 100;
const PAGE_MAX = 500;

export const WatchlistAddRequest = z
  .object({
    vins: z
      .array(z.string({ message: "every entry of vins must be a string" }), {
        message: "vins must be an array of VIN strings",
      })
      .min(1, { message: "vins must not be empty" })
      .max(WATCHLIST_POST_LIMIT, { message: `at most ${WATCHLIST_POST_LIMIT} VINs per request` })
      .describe(
        `VINs to watch, at most ${WATCHLIST_POST_LIMIT} per request; each must decode to a model year, make and model`,
      ),
  })
  .meta({
    id: "WatchlistAddRequest",
    description: "Body of POST /api/dealer/v1/watchlist.",
    examples: [{ vins: [EXAMPLE_VIN] }],
  });

export const WatchlistAddResponse = z
  .object({
    added: z.array(z.string()).describe("VINs newly watched, upper case"),
    alreadyWatched: z.array(z.string()).describe("VINs that were watched already (their watch keeps its date)"),
    total: z.int().describe("VINs the key's owner watches now"),
    limit: z.int().describe("the most VINs one key's owner may watch"),
  })
  .meta({ id: "WatchlistAddResponse", description: "What the POST changed." });
export type WatchlistAddResponse = z.infer<typeof WatchlistAddResponse>;

const pageQuery = (what: string) =>
  z.object({
    limit: z
      .string()
      .regex(/^\d+$/, { message: "must be a whole number" })
      .transform(Number)
      .refine((n) => n >= 1 && n <= PAGE_MAX, { message: `must be from 1 to ${PAGE_MAX}` })
      .optional()
      .meta({ description: `${what} per page, 1-${PAGE_MAX} (default ${PAGE_DEFAULT})`, examples: ["100"] }),
    cursor: z
      .string()
      .max(200)
      .regex(/^[A-Za-z0-9_-]+$/, { message: "must be the nextCursor of an earlier page" })
      .optional()
      .meta({ description: "`nextCursor` of the previous page; absent for the first page" }),
  });

export const WatchlistQuery = pageQuery("VINs").meta({ id: "WatchlistQuery" });
export const DeliveriesQuery = pageQuery("deliveries").meta({ id: "DeliveriesQuery" });
export const pageLimit = (limit: number | undefined) => limit ?? PAGE_DEFAULT;

export const WatchedVinParams = z.object({
  vin: z.string().meta({ description: "a watched VIN (any case)", examples: [EXAMPLE_VIN] }),
});

const Vehicle = z
  .object({ year: z.int(), make: z.string(), model: z.string() })
  .describe("what the VIN decodes to (NHTSA vPIC)");

export const WatchedVin = z.object({
  vin: z.string(),
  vehicle: Vehicle,
  watchedSince: z
    .string()
    .describe("ISO date-time the VIN was added: recall.opened events are sent for campaigns that appear after it"),
  permalink: z.url().describe("the VIN's page"),
  recalls: z
    .object({
      status: RecallStatus,
      count: z.int().nullable().describe("open campaigns now; null when unknown (status unavailable), never a false 0"),
      items: z.array(RecallItem).describe("newest report first"),
      source: z.string(),
      asOf: z
        .string()
        .optional()
        .describe("ISO date-time of the data: the recall mirror's last sync, or when NHTSA answered"),
    })
    .describe("the open recall campaigns of the VIN's year/make/model now"),
});
export type WatchedVin = z.infer<typeof WatchedVin>;

export const WatchlistPage = z
  .object({
    items: z.array(WatchedVin).describe("watched VINs in VIN order"),
    nextCursor: z.string().nullable().describe("pass as `cursor` for the next page; null on the last page"),
    total: z.int().describe("VINs watched in all"),
  })
  .meta({
    id: "WatchlistPage",
    description: "One page of the watchlist, each VIN with its vehicle and its open recalls now.",
  });
export type WatchlistPage = z.infer<typeof WatchlistPage>;

export const WebhookRegisterRequest = z
  .object({
    url: z.string().max(2000).describe("https URL of the receiver; it must resolve to public addresses only"),
  })
  .meta({ id: "WebhookRegisterRequest", examples: [{ url: "https://fleet.example.com/hooks/vinscope" }] });

export const WebhookRegistration = z
  .object({
    url: z.string(),
    secret: z
      .string()
      .describe("the signing secret, `whsec_` + base64: shown this once and never again; a new PUT rotates it"),
    rotated: z.boolean().describe("true when this PUT replaced an earlier secret"),
    previousSecretValidUntil: z
      .string()
      .nullable()
      .describe("after a rotation: until when deliveries carry a second signature made with the previous secret"),
    createdAt: z.string(),
  })
  .meta({ id: "WebhookRegistration", description: "The registered endpoint and its new signing secret (shown once)." });
export type WebhookRegistration = z.infer<typeof WebhookRegistration>;

const WebhookHealth = z
  .enum(["new", "healthy", "failing"])
  .describe(
    "new: nothing delivered yet; healthy: the last delivery was taken or is being retried; failing: an event used up its retries (the owner was mailed) and none was taken since",
  );

export const WebhookEndpointView = z
  .object({
    url: z.string(),
    health: WebhookHealth,
    failingSince: z.string().nullable(),
    lastSuccessAt: z.string().nullable(),
    lastFailureAt: z.string().nullable(),
    pending: z.int().describe("events waiting to be delivered or retried"),
    createdAt: z.string(),
  })
  .meta({
    id: "WebhookEndpoint",
    description: "The key owner's webhook endpoint and its health (the secret is never shown again).",
  });
export type WebhookEndpointView = z.infer<typeof WebhookEndpointView>;

export const WebhookTestResult = z
  .object({
    id: z.string().describe("the test event's webhook-id"),
    delivered: z.boolean().describe("the receiver answered 2xx"),
    status: z.int().nullable().describe("the receiver's HTTP status; null when it did not answer"),
    error: z.string().nullable().describe("why the delivery failed (refused address, timeout, HTTP status, redirect)"),
    durationMs: z.int(),
  })
  .meta({ id: "WebhookTestResult", description: "The outcome of one webhook.test delivery, sent now (not retried)." });
export type WebhookTestResult = z.infer<typeof WebhookTestResult>;

const DeliveryStatus = z
  .enum(["pending", "delivered", "failed", "unsent"])
  .describe(
    "pending: to be sent or retried at nextAttemptAt; delivered: a 2xx was received; failed: every retry was refused; unsent: no endpoint was registered when the event happened (it reaches the email digest)",
  );

export const DeliveryLogEntry = z.object({
  id: z.string().describe("the webhook-id, the same on every attempt"),
  event: z.enum(["recall.opened", "investigation.opened", "webhook.test"]),
  vin: z.string().nullable(),
  campaignNumber: z
    .string()
    .nullable()
    .describe(
      "what the event is about: the US campaign or the Transport Canada recall number (recall.opened), or the investigation's action number (investigation.opened); null for webhook.test",
    ),
  country: z
    .enum(["US", "CA"])
    .nullable()
    .describe("whose record it is: US (NHTSA) or CA (Transport Canada); null for webhook.test"),
  status: DeliveryStatus,
  attempts: z.int(),
  lastStatus: z.int().nullable().describe("HTTP status of the last attempt; null when it got no answer"),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type DeliveryLogEntry = z.infer<typeof DeliveryLogEntry>;

export const DeliveriesPage = z
  .object({
    items: z.array(DeliveryLogEntry).describe("newest first"),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: "DeliveriesPage", description: "The delivery log of the key owner's events." });
export type DeliveriesPage = z.infer<typeof DeliveriesPage>;

export const WatchlistRemoved = z
  .object({ vin: z.string(), watched: z.literal(false), total: z.int().describe("VINs still watched") })
  .meta({ id: "WatchlistRemoved" });

export const WebhookRemoved = z
  .object({ removed: z.literal(true), unsent: z.int().describe("events that were waiting and are now marked unsent") })
  .meta({ id: "WebhookRemoved" });

/** Year/make/model watches: every recall campaign that opens for the vehicle, whatever the VIN. */
const WatchedVehicleInput = z.object({
  year: z.int({ message: "year must be a whole number" }).min(1900).max(2100).describe("model year"),
  make: z.string().trim().min(1).max(60).describe('make, any case or slug ("honda", "Land Rover", "land-rover")'),
  model: z.string().trim().min(1).max(80).describe('model, any case or slug ("accord", "F-150", "f-150")'),
});

export const WatchedVehiclesAddRequest = z
  .object({
    vehicles: z
      .array(WatchedVehicleInput, { message: "vehicles must be an array of {year, make, model}" })
      .min(1, { message: "vehicles must not be empty" })
      .max(WATCHLIST_POST_LIMIT, { message: `at most ${WATCHLIST_POST_LIMIT} vehicles per request` })
      .describe(`year/make/model to watch, at most ${WATCHLIST_POST_LIMIT} per request`),
  })
  .meta({
    id: "WatchedVehiclesAddRequest",
    description: "Body of POST /api/dealer/v1/watchlist/vehicles.",
    examples: [{ vehicles: [{ year: 2003, make: "honda", model: "accord" }] }],
  });

const WatchedVehicleName = z
  .object({ year: z.int(), make: z.string(), model: z.string() })
  .describe("the vehicle as the service names it (vPIC's model name; the make cased as in every answer)");

export const WatchedVehiclesAddResponse = z
  .object({
    added: z.array(WatchedVehicleName).describe("vehicles newly watched"),
    alreadyWatched: z
      .array(WatchedVehicleName)
      .describe("vehicles that were watched already (their watch keeps its date)"),
    total: z.int().describe("vehicles the key's owner watches now"),
    limit: z.int().describe("the most vehicles one key's owner may watch"),
  })
  .meta({ id: "WatchedVehiclesAddResponse", description: "What the POST changed." });
export type WatchedVehiclesAddResponse = z.infer<typeof WatchedVehiclesAddResponse>;

export const WatchedVehicle = z.object({
  vehicle: WatchedVehicleName,
  watchedSince: z
    .string()
    .describe("ISO date-time the vehicle was added: recall.opened events are sent for campaigns that appear after it"),
  permalink: z.url().describe("the vehicle's recall page"),
  recalls: WatchedVin.shape.recalls.describe("the open recall campaigns of the year/make/model now"),
});
export type WatchedVehicle = z.infer<typeof WatchedVehicle>;

export const WatchedVehiclesQuery = pageQuery("vehicles").meta({ id: "WatchedVehiclesQuery" });

export const WatchedVehiclesPage = z
  .object({
    items: z.array(WatchedVehicle).describe("watched vehicles by year, make and model"),
    nextCursor: z.string().nullable().describe("pass as `cursor` for the next page; null on the last page"),
    total: z.int().describe("vehicles watched in all"),
  })
  .meta({
    id: "WatchedVehiclesPage",
    description: "One page of the watched vehicles, each with its open recalls now.",
  });
export type WatchedVehiclesPage = z.infer<typeof WatchedVehiclesPage>;

export const WatchedVehicleParams = z.object({
  // As every year parameter: a number in the document and in generated clients, four digits in the path.
  year: modelYearParam({
    min: 1900,
    max: 2100,
    malformed: "year must be a four-digit model year",
    outOfRange: "year must be from 1900 to 2100",
    description: "model year",
    example: 2003,
  }),
  make: z.string().meta({ description: "make, any case or slug", examples: ["honda"] }),
  model: z.string().meta({ description: "model, any case or slug", examples: ["accord"] }),
});

export const WatchedVehicleRemoved = z
  .object({
    vehicle: WatchedVehicleName,
    watched: z.literal(false),
    total: z.int().describe("vehicles still watched"),
  })
  .meta({ id: "WatchedVehicleRemoved" });
