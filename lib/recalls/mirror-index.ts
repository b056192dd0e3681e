/**
 * The recall store's coverage held in memory per process, for answers from a fresh mirror (lib/recalls/mirror.ts).
 * With a mirror, every VIN report and recall page asks "which campaigns cover this year/make/model?"; the store
 * changes only when a sync (or a stored live answer) writes, so that question is answered from memory and the
 * database is read only for campaign texts this process has not seen yet. Most vehicles of a year and make
 * without recalls then cost no query at all.
 *
 * Size: one small tuple per coverage row (campaign number, model, component; strings interned, so a
 * campaign or model named by many rows is held once), about 10 MB for NHTSA's full post-2010 file. Campaign
 * texts are held in an LRU bounded by their length. The whole index is derived again when the recalls data
 * set changes (lib/data-version.ts); campaigns removed from the mirror are left out, as storedRecalls does.
 */
import { LRUCache } from "lru-cache";
import { DerivedFromDataSet } from "../data-version";
import { db, Prisma } from "../db";
import { makeKey, sameModel } from "../vehicle";
import { campaignTexts, newestFirst, type StoredAnswer, type StoredRecall } from "./store";
import type { VehicleQuery } from "../vehicle";

/** One coverage row: which campaign covers which model spelling, for which component. */
type Coverage = readonly [campaignNumber: string, model: string, component: string];

/** Campaign texts held per index generation, bounded by characters (~2 bytes each): at most ~32 MB. */
const MAX_TEXT_CHARS = 16_000_000;

interface MirrorIndex {
  byYearMake: Map<string, Coverage[]>;
  texts: LRUCache<string, StoredRecall>;
}

const yearMakeKey = (year: number, mk: string) => `${year}|${mk}`;

const index = new DerivedFromDataSet(
  "recalls",
  async (client): Promise<MirrorIndex> => {
    const rows = await client.$queryRaw<{ campaignNumber: string; makeKey: string; model: string; year: number | bigint; component: string }[]>(
      Prisma.sql`
        SELECT c."campaignNumber", c."makeKey", c."model", c."year", c."component"
        FROM "RecallCoverage" c JOIN "RecallCampaign" r ON r."campaignNumber" = c."campaignNumber"
        WHERE r."removedFromMirrorAt" IS NULL`,
    );
    const interned = new Map<string, string>();
    const intern = (s: string) => {
      const held = interned.get(s);
      if (held !== undefined) return held;
      interned.set(s, s);
      return s;
    };
    const byYearMake = new Map<string, Coverage[]>();
    for (const r of rows) {
      const key = yearMakeKey(Number(r.year), intern(r.makeKey));
      let list = byYearMake.get(key);
      if (!list) byYearMake.set(key, (list = []));
      list.push([intern(r.campaignNumber), intern(r.model), intern(r.component)]);
    }
    const texts = new LRUCache<string, StoredRecall>({
      maxSize: MAX_TEXT_CHARS,
      sizeCalculation: (c) => 64 + c.summary.length + c.consequence.length + c.remedy.length + c.notes.length,
    });
    return { byYearMake, texts };
  },
  1000,
  // A sync bumps the stamp, so re-deriving on age alone (the default 5 minutes) would only add pauses.
  60 * 60_000,
);

/**
 * The store's recalls for a year/make/model, as storedRecalls gives them (one item per campaign, its components
 * listed, newest report first), from memory.
 */
export async function indexedRecalls(q: VehicleQuery): Promise<Pick<StoredAnswer, "items">> {
  const { byYearMake, texts } = await index.get(db());
  const components = new Map<string, string[]>();
  for (const [campaign, model, component] of byYearMake.get(yearMakeKey(q.year, makeKey(q.make))) ?? []) {
    if (!sameModel(model, q.model, q.make)) continue;
    const list = components.get(campaign);
    if (!list) components.set(campaign, component ? [component] : []);
    else if (component && !list.includes(component)) list.push(component);
  }
  if (components.size === 0) return { items: [] };
  const missing = [...components.keys()].filter((c) => !texts.has(c));
  if (missing.length) for (const c of await campaignTexts(missing)) texts.set(c.campaignNumber, c);
  const items: StoredAnswer["items"] = [];
  for (const [campaign, list] of components) {
    const text = texts.get(campaign);
    if (text) items.push({ ...text, components: list });
  }
  return { items: items.sort(newestFirst) };
}
