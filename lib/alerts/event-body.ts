/**
 * What each event says: its JSON body, as the receiver gets it (Standard Webhooks' recommended envelope: `type`,
 * `timestamp`, `data`), and its line in the email digest. Both are built from the event row and what it is about
 * as the store holds it now (event-subjects.ts); the `webhook-id` header, not the body, is what identifies an
 * event across retries.
 *
 * Three things open for a watched vehicle: a US recall (NHTSA), a Canadian recall with no US campaign (Transport
 * Canada), and a defect investigation (NHTSA), which is a caution, never called a recall.
 */
import type { CanadaRecallItem } from "../canada-recalls";
import { OGL_ATTRIBUTION } from "../canada-recalls";
import type { InvestigationItem } from "../investigations";
import type { StoredRecall } from "../recalls";
import { displayMake, slugify } from "../vehicle";

export const RECALL_OPENED = "recall.opened";
export const INVESTIGATION_OPENED = "investigation.opened";
export const WEBHOOK_TEST = "webhook.test";

export interface EventRow {
  id: string;
  type: string;
  createdAt: Date;
  vin: string | null;
  year: number | null;
  make: string | null;
  model: string | null;
  campaignNumber: string | null;
  country: string | null;
}

/** What an event is about, as the store holds it now (undefined: no longer held). */
export type Subject =
  | { kind: "us-recall"; campaign: StoredRecall | undefined }
  | { kind: "canada-recall"; recall: CanadaRecallItem | undefined }
  | { kind: "investigation"; investigation: InvestigationItem | undefined };

/** Which kind of subject an event row is about (null: a test event). */
export function subjectKind(e: Pick<EventRow, "type" | "country" | "campaignNumber">): Subject["kind"] | null {
  if (!e.campaignNumber) return null;
  if (e.type === INVESTIGATION_OPENED) return "investigation";
  if (e.type === RECALL_OPENED) return e.country === "CA" ? "canada-recall" : "us-recall";
  return null;
}

const SOURCES = {
  "us-recall": "NHTSA recall campaigns (FLAT_RCL), synced by vinscope",
  "canada-recall": `Transport Canada's recalls database (VRDB), synced by vinscope. ${OGL_ATTRIBUTION}`,
  investigation: "NHTSA defect investigations (FLAT_INV), synced by vinscope",
} as const;

/** What every event about a watched vehicle carries: what was watched, and where to read more. */
function watched(e: EventRow, kind: Subject["kind"], publicBaseUrl: string) {
  const make = slugify(e.make ?? "");
  const model = slugify(e.model ?? "");
  return {
    /** The watched VIN; null for an event of a watched year/make/model. */
    vin: e.vin,
    watched: e.vin ? ("vin" as const) : ("vehicle" as const),
    year: e.year ?? 0,
    make: displayMake(e.make ?? ""),
    model: e.model ?? "",
    // The VIN's page; for a watched vehicle its recall page (US recalls) or its vehicle page (every source).
    permalink: e.vin
      ? `${publicBaseUrl}/vin/${e.vin}`
      : kind === "us-recall"
        ? `${publicBaseUrl}/recalls/${e.year}/${make}/${model}`
        : `${publicBaseUrl}/vehicles/${make}/${model}/${e.year}`,
  };
}

function openedData(e: EventRow & { campaignNumber: string }, subject: Subject, publicBaseUrl: string) {
  const base = watched(e, subject.kind, publicBaseUrl);
  switch (subject.kind) {
    case "us-recall": {
      const c = subject.campaign;
      return {
        ...base,
        country: "US",
        campaignNumber: e.campaignNumber,
        component: c?.component ?? "",
        summary: c?.summary ?? "",
        consequence: c?.consequence ?? "",
        remedy: c?.remedy ?? "",
        /** NHTSA advises not to drive the vehicle until it is repaired. */
        parkIt: c?.parkIt ?? false,
        /** Park outside, away from structures, until repaired (fire risk). */
        parkOutside: c?.parkOutside ?? false,
        reportReceivedDate: c?.reportReceivedDate || null,
        source: SOURCES["us-recall"],
      };
    }
    case "canada-recall": {
      const r = subject.recall;
      return {
        ...base,
        country: "CA",
        recallNumber: e.campaignNumber,
        recallDate: r?.recallDate ?? null,
        system: r?.system ?? "",
        category: r?.category ?? "",
        notificationType: r?.notificationType ?? "",
        unitsAffected: r?.unitsAffected ?? null,
        comment: r?.comment ?? "",
        commentFr: r?.commentFr ?? "",
        manufacturerRecallNumber: r?.manufacturerRecallNumber ?? null,
        // Sent only when no US campaign matched; one mirrored since is named here.
        nhtsaCampaignNumber: r?.nhtsaCampaignNumber ?? null,
        url: r?.url ?? null,
        source: SOURCES["canada-recall"],
      };
    }
    case "investigation": {
      const i = subject.investigation;
      return {
        ...base,
        actionNumber: e.campaignNumber,
        investigationType: i?.type ?? null,
        open: i?.open ?? null,
        openedOn: i?.openedOn ?? null,
        closedOn: i?.closedOn ?? null,
        component: i?.component ?? "",
        subject: i?.subject ?? "",
        summary: i?.summary ?? "",
        manufacturer: i?.manufacturer ?? "",
        recall: i?.recall ?? null,
        source: SOURCES.investigation,
      };
    }
  }
}

export function eventBody(e: EventRow, subject: Subject | undefined, publicBaseUrl: string): string {
  if (subject && e.campaignNumber) {
    const data = openedData({ ...e, campaignNumber: e.campaignNumber }, subject, publicBaseUrl);
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

/** The event's line in the email digest: what was watched, what opened, and the link to read it. */
export function digestLine(e: EventRow, subject: Subject, publicBaseUrl: string): string {
  const { permalink } = watched(e, subject.kind, publicBaseUrl);
  const vehicle = `${e.year} ${displayMake(e.make ?? "")} ${e.model}`;
  const what = e.vin ? `${e.vin} (${vehicle})` : `${vehicle} (watched vehicle)`;
  switch (subject.kind) {
    case "us-recall": {
      const c = subject.campaign;
      const flags = [c?.parkIt ? "DO NOT DRIVE" : "", c?.parkOutside ? "PARK OUTSIDE" : ""].filter(Boolean).join(", ");
      return `- ${what}: US recall ${e.campaignNumber}, ${c?.component ?? "component not given"}${flags ? ` [${flags}]` : ""}\n  ${permalink}`;
    }
    case "canada-recall":
      return `- ${what}: Canadian recall ${e.campaignNumber} (Transport Canada, no US campaign), ${subject.recall?.system || "system not given"}\n  ${permalink}`;
    case "investigation": {
      const i = subject.investigation;
      const kind = i ? `${i.type.name}, ${i.open ? "open" : `closed ${i.closedOn}`}` : "defect investigation";
      return `- ${what}: NHTSA investigation ${e.campaignNumber} (${kind}, not a recall), ${i?.component || "component not given"}\n  ${permalink}`;
    }
  }
}
