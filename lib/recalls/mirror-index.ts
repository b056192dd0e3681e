/**
 * The recall store's coverage held in memory per process, for answers from a fresh mirror (lib/recalls/mirror.ts).
 * With a mirror, every VIN report and recall page asks "which campaigns cover this year/make/model?"; the store
 * changes only when a sync (or a stored live answer) writes, so that question is answered from memory and the
 * database is read only for campaign texts this process has not seen yet. Most vehicles of a year and make
 * without recalls then cost no query at all.
 *
 * Size: rows grouped by year, make and model spelling (the name rules run once per spelling, not per row), one
 * small tuple per row (campaign number and component, interned so a campaign named by many rows is held once):
 * about 15 MB for 200,000 coverage rows, the size of NHTSA's full files. Campaign
 * texts are held in an LRU bounded by their length. The whole index is derived again when the recalls data
 * set changes (lib/db/data-version.ts); campaigns removed from the mirror are left out, as storedRecalls does.
 */
import { LRUCache } from "lru-cache";
import { betweenPages, DerivedFromDataSet, processWide } from "../db/data-version";
import { db, Prisma } from "../db";
import { makeKey, modelIdentity, sameModelIdentity, type ModelIdentity } from "../vehicle";
import { campaignTexts, newestFirst, type StoredAnswer, type StoredRecall } from "./store";
import type { VehicleQuery } from "../vehicle";

/** One coverage row of a model spelling: which campaign covers it, for which component. */
type Coverage = readonly [campaignNumber: string, component: string];

/** The rows of one model spelling within a year and make, with what the name rules compare of it. */
interface ModelRows {
  identity: ModelIdentity;
  rows: Coverage[];
}

/** Coverage rows read per query while deriving. */
const PAGE = 1000;

/** Campaign texts held per index generation, bounded by characters (~2 bytes each): at most ~32 MB. */
const MAX_TEXT_CHARS = 16_000_000;

interface MirrorIndex {
  byYearMake: Map<string, Map<string, ModelRows>>;
  texts: LRUCache<string, StoredRecall>;
}

const yearMakeKey = (year: number, mk: string) => `${year}|${mk}`;

const index = processWide(
  "recalls:mirror-index",
  () =>
    new DerivedFromDataSet(
      "recalls",
      async (client): Promise<MirrorIndex> => {
        const interned = new Map<string, string>();
        const intern = (s: string) => {
          const held = interned.get(s);
          if (held !== undefined) return held;
          interned.set(s, s);
          return s;
        };
        const byYearMake = new Map<string, Map<string, ModelRows>>();
        // In pages of PAGE rows by id, with a turn of the event loop between them (betweenPages).
        for (let after = 0; ;) {
          const rows = await client.$queryRaw<
            {
              id: number | bigint;
              campaignNumber: string;
              makeKey: string;
              model: string;
              year: number | bigint;
              component: string;
            }[]
          >(
            Prisma.sql`
        SELECT c."id", c."campaignNumber", c."makeKey", c."model", c."year", c."component"
        FROM "RecallCoverage" c JOIN "RecallCampaign" r ON r."campaignNumber" = c."campaignNumber"
        WHERE r."removedFromMirrorAt" IS NULL AND c."id" > ${after}
        ORDER BY c."id" LIMIT ${PAGE}`,
          );
          for (const r of rows) {
            const key = yearMakeKey(Number(r.year), r.makeKey);
            let models = byYearMake.get(key);
            if (!models) byYearMake.set(key, (models = new Map()));
            let spelling = models.get(r.model);
            if (!spelling) models.set(r.model, (spelling = { identity: modelIdentity(r.model, r.makeKey), rows: [] }));
            spelling.rows.push([intern(r.campaignNumber), intern(r.component)]);
          }
          if (rows.length < PAGE) break;
          after = Number(rows[rows.length - 1].id);
          await betweenPages();
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
      // After a sync the held index answers while the new one is derived (seconds for a full mirror): no
      // request waits for it, and the new one is served within about a second plus the derive.
      true,
    ),
);

/**
 * How the index held in this process stands against the recalls data set's stamp `version` (read with the
 * mirror's status): "current" when derived from it, "behind" when derived from an earlier one (a sync published
 * since, and the new index is being derived while the old one is held), "none" when no index is held yet (the
 * first derive then starts; DerivedFromDataSet.ready).
 */
export function mirrorIndexState(version: string): "current" | "behind" | "none" {
  if (!index.ready(db())) return "none";
  if (index.heldVersion(db()) === version) return "current";
  // Behind: the store answers, so nothing else asks for the index; this starts the recheck that derives it again.
  index.get(db()).catch(() => undefined);
  return "behind";
}

/**
 * The store's recalls for a year/make/model, as storedRecalls gives them (one item per campaign, its components
 * listed, newest report first), from memory.
 */
export async function indexedRecalls(q: VehicleQuery): Promise<Pick<StoredAnswer, "items">> {
  const { byYearMake, texts } = await index.get(db());
  const wanted = modelIdentity(q.model, q.make);
  const components = new Map<string, string[]>();
  for (const { identity, rows } of byYearMake.get(yearMakeKey(q.year, makeKey(q.make)))?.values() ?? []) {
    if (!sameModelIdentity(identity, wanted)) continue;
    for (const [campaign, component] of rows) {
      const list = components.get(campaign);
      if (!list) components.set(campaign, component ? [component] : []);
      else if (component && !list.includes(component)) list.push(component);
    }
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
