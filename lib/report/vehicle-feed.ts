/**
 * An Atom feed of what opens for one year/make/model, for people (feed readers): NHTSA's recall campaigns, the
 * Canadian recalls that have no US campaign (Transport Canada), and NHTSA's defect investigations (a caution,
 * never called a recall), newest first: the same items, from the same answers, as the recall alerts' events
 * (lib/alerts), the routes and the pages, read from the mirrors' stores (no outside call). Entries are dated by
 * the day NHTSA received the manufacturer's report, the Canadian recall's date, and the day the investigation
 * opened.
 *
 * A feed can only list: an empty feed says "nothing". So a vehicle whose US recalls are not known (no fresh
 * mirror, NHTSA unreachable, nothing stored) has no feed for now (`unknown`: the route answers 503 with
 * Retry-After, and the reader keeps what it had), and a vehicle that neither vPIC nor the recall data knows has
 * none at all (`no_such_vehicle`: 404). When the Canadian recalls or the investigations are not known, the feed
 * lists the rest and its subtitle says which are not known, in the presenter's words; it is then degraded (not
 * cached as a healthy answer).
 */
import { Feed } from "feed";
import { canadaRecallsByVehicle, OGL_ATTRIBUTION, type CanadaRecallsResponse } from "../canada-recalls";
import { config } from "../config";
import { ApiError } from "../contract/errors";
import { investigationsList } from "../investigations";
import { knownVehicleNames, recallsForYearMakeModel } from "../recalls";
import { presentSection, SOURCES } from "../sources";
import { displayMake } from "../vehicle";

/** Entries per feed: readers want what is new, and the pages list everything. */
const MAX_ENTRIES = 50;

export type VehicleFeed =
  | { kind: "feed"; xml: string; degraded: boolean }
  /** `words`: the presenter's sentence for recalls not known (lib/sources/present.ts), no code in it. */
  | { kind: "unknown"; label: string; words: string }
  | { kind: "no_such_vehicle" };

interface Entry {
  title: string;
  id: string;
  link: string;
  date: Date;
  description: string;
  content: string;
}

/** The vehicle's Canadian recalls, or null when vPIC does not name the vehicle (the route would be a 404). */
async function canadianRecalls(q: { year: number; make: string; model: string }) {
  try {
    return await canadaRecallsByVehicle(q);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export async function vehicleFeed(asked: { year: number; make: string; model: string }): Promise<VehicleFeed> {
  const known = await knownVehicleNames(asked.make, asked.model);
  if (!known) return { kind: "no_such_vehicle" };
  const q = { year: asked.year, ...known };
  const [recalls, canada, investigations] = await Promise.all([
    recallsForYearMakeModel(q),
    canadianRecalls(q),
    investigationsList(q),
  ]);
  // The page's casing (components/recall-list.tsx's vehicleLabel).
  const label = `${recalls.year} ${displayMake(recalls.make)} ${recalls.model}`;
  if (recalls.count === null) {
    const facts = { what: `recalls of the ${label}`, from: "NHTSA", status: recalls.status, reason: recalls.reason };
    return { kind: "unknown", label, words: presentSection(facts) };
  }
  const page = recalls.url;
  const asOf = new Date(recalls.asOf ?? recalls.checkedAt);
  const dated = (day: string | null) => (day ? new Date(`${day}T00:00:00Z`) : asOf);
  const entries: Entry[] = recalls.items.map((r) => {
    const flags = [r.parkIt ? "Do not drive until repaired." : "", r.parkOutside ? "Park outside until repaired." : ""]
      .filter(Boolean)
      .join(" ");
    return {
      title: `${r.campaignNumber}: ${r.component}`,
      id: `${page}#${r.campaignNumber}`,
      link: `${page}#${r.campaignNumber}`,
      date: dated(r.reportReceivedDate || null),
      description: [flags, r.summary].filter(Boolean).join(" "),
      content: [flags, r.summary, `Consequence: ${r.consequence}`, `Remedy: ${r.remedy}`].filter(Boolean).join("\n\n"),
    };
  });
  if (canada?.count != null)
    for (const r of canadaOnly(canada))
      entries.push({
        title: `Transport Canada recall ${r.recallNumber}: ${r.system}`,
        id: `${page}#ca-${r.recallNumber}`,
        link: r.url,
        date: dated(r.recallDate),
        description: `A recall in Canada with no US campaign. ${r.comment}`,
        content: `A recall in Canada with no US campaign.\n\n${r.comment}\n\n${OGL_ATTRIBUTION}`,
      });
  if (investigations.count !== null)
    for (const i of investigations.items) {
      const state = i.open ? "open" : `closed ${i.closedOn}`;
      entries.push({
        title: `NHTSA investigation ${i.actionNumber} (${i.type.name}, ${state}): ${i.subject}`,
        id: `${page}#${i.actionNumber}`,
        link: investigations.nhtsaUrl,
        date: dated(i.openedOn),
        description: `A defect investigation, not a recall. ${i.summary}`,
        content: `A defect investigation by NHTSA, not a recall.\n\n${i.summary}`,
      });
    }
  entries.sort((a, b) => b.date.getTime() - a.date.getTime());
  const shown = entries.slice(0, MAX_ENTRIES);
  // What is not known now, in the presenter's words. A file source this server is set up without (its URL is off)
  // stays unknown and is said so, but does not make the feed degraded: nothing later will change it.
  const notKnown = [
    canada && canada.status !== "ok"
      ? { of: SOURCES.canadaRecalls, status: canada.status, reason: canada.reason, asOf: canada.checkedAt }
      : null,
    investigations.status !== "ok"
      ? {
          of: SOURCES.investigations,
          status: investigations.status,
          reason: investigations.reason,
          asOf: investigations.checkedAt,
        }
      : null,
    recalls.status !== "ok"
      ? { of: SOURCES.recalls, status: recalls.status, reason: recalls.reason, asOf: recalls.asOf }
      : null,
  ].filter((s) => s !== null);
  const unknown = notKnown.map((s) =>
    presentSection({ ...s.of.words, status: s.status, reason: s.reason, asOf: s.asOf }),
  );
  const degraded = recalls.status !== "ok" || notKnown.some((s) => s.of.online());
  const feed = new Feed({
    title: `Safety recalls and investigations: ${label}`,
    description:
      `Recall campaigns NHTSA lists for the ${label}, Canadian recalls with no US campaign, and NHTSA's defect ` +
      `investigations (not recalls), newest first. ${recalls.source}.` +
      (canada?.count != null ? ` ${OGL_ATTRIBUTION}` : "") +
      (unknown.length ? ` ${unknown.join(" ")}` : ""),
    id: `${page}/feed.xml`,
    link: page,
    feedLinks: { atom: `${page}/feed.xml` },
    updated: shown.length ? shown[0].date : asOf,
    generator: "vinscope",
    copyright:
      "NHTSA recall and investigation data, works of the U.S. government; Transport Canada data under the Open Government Licence – Canada",
    author: { name: "vinscope", link: config().publicBaseUrl },
  });
  for (const e of shown) feed.addItem(e);
  return { kind: "feed", xml: feed.atom1(), degraded };
}

/** The Canadian recalls that have no US campaign (one that has is in the feed as the US campaign). */
function canadaOnly(canada: CanadaRecallsResponse) {
  return canada.recalls.filter((r) => r.nhtsaCampaignNumber === null);
}
