/**
 * The JSON body of each event type, as the receiver gets it (Standard Webhooks' recommended envelope:
 * `type`, `timestamp`, `data`). Built at each attempt from the event row and the campaign as the store holds it;
 * the `webhook-id` header, not the body, is what identifies an event across retries.
 */
import type { StoredRecall } from "../recalls";
import { displayMake, slugify } from "../vehicle";

export const RECALL_OPENED = "recall.opened";
export const WEBHOOK_TEST = "webhook.test";

interface EventRow {
  id: string;
  type: string;
  createdAt: Date;
  vin: string | null;
  year: number | null;
  make: string | null;
  model: string | null;
  campaignNumber: string | null;
}

interface RecallOpenedData {
  /** The watched VIN; null for an event of a watched year/make/model. */
  vin: string | null;
  /** What was watched: the VIN, or its year/make/model. */
  watched: "vin" | "vehicle";
  year: number;
  make: string;
  model: string;
  permalink: string;
  campaignNumber: string;
  component: string;
  summary: string;
  consequence: string;
  remedy: string;
  /** NHTSA advises not to drive the vehicle until it is repaired. */
  parkIt: boolean;
  /** Park outside, away from structures, until repaired (fire risk). */
  parkOutside: boolean;
  /** YYYY-MM-DD NHTSA received the manufacturer's report; null when the source does not say. */
  reportReceivedDate: string | null;
  /** Where the campaign's data comes from. */
  source: string;
}

export function eventBody(e: EventRow, campaign: StoredRecall | undefined, publicBaseUrl: string): string {
  if (e.type === RECALL_OPENED && e.campaignNumber) {
    const data: RecallOpenedData = {
      vin: e.vin,
      watched: e.vin ? "vin" : "vehicle",
      year: e.year ?? 0,
      make: displayMake(e.make ?? ""),
      model: e.model ?? "",
      // The VIN's page, or for a watched vehicle its recall page.
      permalink: e.vin
        ? `${publicBaseUrl}/vin/${e.vin}`
        : `${publicBaseUrl}/recalls/${e.year}/${slugify(e.make ?? "")}/${slugify(e.model ?? "")}`,
      campaignNumber: e.campaignNumber,
      component: campaign?.component ?? "",
      summary: campaign?.summary ?? "",
      consequence: campaign?.consequence ?? "",
      remedy: campaign?.remedy ?? "",
      parkIt: campaign?.parkIt ?? false,
      parkOutside: campaign?.parkOutside ?? false,
      reportReceivedDate: campaign?.reportReceivedDate || null,
      source: "NHTSA recall campaigns (FLAT_RCL), synced by vinscope",
    };
    return JSON.stringify({ type: e.type, timestamp: e.createdAt.toISOString(), data });
  }
  return JSON.stringify({
    type: WEBHOOK_TEST,
    timestamp: e.createdAt.toISOString(),
    // The service cannot know whether the receiver checks signatures: it says what it did, and how to check.
    data: {
      message:
        "A test event from vinscope, sent on request (POST /api/dealer/v1/webhook/test). It is signed as every event is " +
        "(Standard Webhooks): check the webhook-signature header with your endpoint's whsec_ secret, and refuse an " +
        "event whose signature does not verify.",
    },
  });
}
