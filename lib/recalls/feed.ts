/**
 * An Atom feed of the recall campaigns of one year/make/model, for people (feed readers): the newest campaigns
 * first, from the recall store the mirror keeps (held in memory, lib/recalls/mirror-index.ts), so a feed reader's
 * poll costs no call to NHTSA. Entries are dated by the day NHTSA received the manufacturer's report.
 */
import { Feed } from "feed";
import { config } from "../config";
import { indexedRecalls } from "./mirror-index";
import { recallMirrorStatus } from "./mirror";
import { recallPageUrl } from "./service";
import { canonicalVehicleNames } from "./vehicle-names";

/** Entries per feed: readers want what is new, and the page lists everything. */
const MAX_ENTRIES = 50;

export async function recallFeed(asked: { year: number; make: string; model: string }): Promise<string> {
  const vehicle = { year: asked.year, ...(await canonicalVehicleNames(asked.make, asked.model)) };
  const [{ items }, mirror] = await Promise.all([indexedRecalls(vehicle), recallMirrorStatus()]);
  const page = recallPageUrl(vehicle);
  const label = `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
  const asOf = mirror?.asOf ?? new Date();
  const dated = (day: string | null) => (day ? new Date(`${day}T00:00:00Z`) : asOf);
  const entries = items.slice(0, MAX_ENTRIES);
  const feed = new Feed({
    title: `NHTSA safety recalls: ${label}`,
    description: `Recall campaigns NHTSA lists for the ${label}, newest first, from vinscope's mirror of NHTSA's recall files.`,
    id: `${page}/feed.xml`,
    link: page,
    feedLinks: { atom: `${page}/feed.xml` },
    updated: entries.length ? dated(entries[0].reportReceivedDate) : asOf,
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
      date: dated(r.reportReceivedDate),
      description: [flags, r.summary].filter(Boolean).join(" "),
      content: [flags, r.summary, `Consequence: ${r.consequence}`, `Remedy: ${r.remedy}`].filter(Boolean).join("\n\n"),
    });
  }
  return feed.atom1();
}
