/**
 * An Atom feed of the recall campaigns of one year/make/model, for people (feed readers): the newest campaigns
 * first. It is the same answer as GET /api/recalls and the recall page give (recallsForYearMakeModel), so a
 * fresh mirror answers it from memory and no surface says something the others do not. Entries are dated by the
 * day NHTSA received the manufacturer's report.
 *
 * A feed can only list: an empty feed says "no recalls". So a vehicle whose recalls are not known (no fresh
 * mirror, NHTSA unreachable, nothing stored) has no feed for now (`unknown`: the route answers 503 with
 * Retry-After, and the reader keeps what it had), and a vehicle that neither vPIC nor the recall data knows has
 * none at all (`no_such_vehicle`: 404).
 */
import { Feed } from "feed";
import { config } from "../config";
import { recallsForYearMakeModel } from "./by-vehicle";
import { knownVehicleNames } from "./vehicle-names";
import { displayMake } from "../vehicle";
import { presentSection } from "../sources";

/** Entries per feed: readers want what is new, and the page lists everything. */
const MAX_ENTRIES = 50;

export type RecallFeed =
  | { kind: "feed"; xml: string; degraded: boolean }
  /** `words`: the presenter's sentence for recalls not known (lib/sources/present.ts), no code in it. */
  | { kind: "unknown"; label: string; words: string }
  | { kind: "no_such_vehicle" };

export async function recallFeed(asked: { year: number; make: string; model: string }): Promise<RecallFeed> {
  const known = await knownVehicleNames(asked.make, asked.model);
  if (!known) return { kind: "no_such_vehicle" };
  const recalls = await recallsForYearMakeModel({ year: asked.year, ...known });
  // The page's casing (components/recall-list.tsx's vehicleLabel).
  const label = `${recalls.year} ${displayMake(recalls.make)} ${recalls.model}`;
  if (recalls.count === null) {
    const facts = { what: `recalls of the ${label}`, from: "NHTSA", status: recalls.status, reason: recalls.reason };
    return { kind: "unknown", label, words: presentSection(facts) };
  }
  const page = recalls.url;
  const asOf = new Date(recalls.asOf ?? recalls.checkedAt);
  const dated = (day: string | null) => (day ? new Date(`${day}T00:00:00Z`) : asOf);
  const entries = recalls.items.slice(0, MAX_ENTRIES);
  const feed = new Feed({
    title: `NHTSA safety recalls: ${label}`,
    description: `Recall campaigns NHTSA lists for the ${label}, newest first. ${recalls.source}.`,
    id: `${page}/feed.xml`,
    link: page,
    feedLinks: { atom: `${page}/feed.xml` },
    updated: entries.length ? dated(entries[0].reportReceivedDate || null) : asOf,
    generator: "vinscope",
    copyright: "NHTSA recall data, a work of the U.S. government",
    author: { name: "vinscope", link: config().publicBaseUrl },
  });
  for (const r of entries) {
    const flags = [r.parkIt ? "Do not drive until repaired." : "", r.parkOutside ? "Park outside until repaired." : ""]
      .filter(Boolean)
      .join(" ");
    feed.addItem({
      title: `${r.campaignNumber}: ${r.component}`,
      id: `${page}#${r.campaignNumber}`,
      link: `${page}#${r.campaignNumber}`,
      date: dated(r.reportReceivedDate || null),
      description: [flags, r.summary].filter(Boolean).join(" "),
      content: [flags, r.summary, `Consequence: ${r.consequence}`, `Remedy: ${r.remedy}`].filter(Boolean).join("\n\n"),
    });
  }
  return { kind: "feed", xml: feed.atom1(), degraded: recalls.status !== "ok" };
}
