/**
 * The US campaign of a Canadian recall: the NHTSA campaign whose manufacturer number (FLAT_RCL's MFGCAMPNO) equals
 * the recall's MANUFACTURER_RECALL_NO_TXT, for the same make. Matched when answering, from a map held in memory
 * and derived again whenever either data set changes: a US recall imported after the Canadian file is linked from
 * then on, with no re-linking step, and a Canadian import needs no recall store to be present.
 *
 * Numbers are compared on their letters and digits ("23V-123" and "23V123" are one number). When a manufacturer
 * has used one number for several US campaigns of a make, the one whose report date is nearest the Canadian
 * recall's date is taken. Only numbers the Canadian data names are held.
 */
import { DerivedFromDataSet, processWide } from "../db/data-version";
import { db, type Prisma } from "../db";
import { campaignsByManufacturerNumber } from "../recalls";
import type { HeldRecall } from "./store";

interface UsCampaign {
  campaignNumber: string;
  reportReceivedDate: string | null;
}

const numberKey = (value: string) => value.toUpperCase().replace(/[^A-Z0-9]/g, "");
const linkKey = (mk: string, number: string) => `${mk}|${numberKey(number)}`;

type Links = Map<string, UsCampaign[]>;

/** The US campaigns of the manufacturer numbers `wanted` names (`makeKey|number` keys), read with `client`. */
async function linksOf(client: Pick<Prisma.TransactionClient, "$queryRaw">, wanted: Set<string>): Promise<Links> {
  const byNumber: Links = new Map();
  if (wanted.size === 0) return byNumber;
  for (const c of await campaignsByManufacturerNumber(client)) {
    const key = linkKey(c.makeKey, c.manufacturerCampaignNumber);
    if (!wanted.has(key) || !numberKey(c.manufacturerCampaignNumber)) continue;
    const list = byNumber.get(key) ?? [];
    if (!list.some((u) => u.campaignNumber === c.campaignNumber))
      list.push({ campaignNumber: c.campaignNumber, reportReceivedDate: c.reportReceivedDate });
    byNumber.set(key, list);
  }
  return byNumber;
}

const links = processWide(
  "canada-recalls:us-campaigns",
  () =>
    new DerivedFromDataSet(
      ["canada-recalls", "recalls"],
      async (client): Promise<Links> => {
        const named = await client.$queryRaw<{ makeKey: string; manufacturerRecallNumber: string }[]>`
          SELECT DISTINCT "makeKey", "manufacturerRecallNumber" FROM "CanadaRecall"
          WHERE "manufacturerRecallNumber" IS NOT NULL`;
        return linksOf(client, new Set(named.map((r) => linkKey(r.makeKey, r.manufacturerRecallNumber))));
      },
      1000,
      60 * 60_000,
      true,
    ),
);

type Linkable = Pick<HeldRecall, "makeKey" | "manufacturerRecallNumber" | "recallDate">;

/** The US campaign of one recall in `map`, or null. */
function usCampaignIn(map: Links, r: Linkable): string | null {
  if (!r.manufacturerRecallNumber || !numberKey(r.manufacturerRecallNumber)) return null;
  const found = map.get(linkKey(r.makeKey, r.manufacturerRecallNumber));
  if (!found?.length) return null;
  if (found.length === 1 || !r.recallDate) return found[0].campaignNumber;
  const distance = (u: UsCampaign) =>
    u.reportReceivedDate ? Math.abs(Date.parse(u.reportReceivedDate) - Date.parse(r.recallDate!)) : Infinity;
  return found.reduce((best, u) => (distance(u) < distance(best) ? u : best)).campaignNumber;
}

/** For each recall (by its index), the matching US campaign number, or null. */
export async function usCampaignsOf(recalls: readonly Linkable[]): Promise<(string | null)[]> {
  if (!recalls.some((r) => r.manufacturerRecallNumber)) return recalls.map(() => null);
  const map = await links.get(db());
  return recalls.map((r) => usCampaignIn(map, r));
}

/**
 * The same, read with `client` (inside an import's transaction, before the held map knows the new rows): what
 * lets a new Canadian recall's alert go only when no US campaign has one of its own.
 */
export async function usCampaignsWith(
  client: Pick<Prisma.TransactionClient, "$queryRaw">,
  recalls: readonly Linkable[],
): Promise<(string | null)[]> {
  const wanted = new Set(
    recalls.flatMap((r) => (r.manufacturerRecallNumber ? [linkKey(r.makeKey, r.manufacturerRecallNumber)] : [])),
  );
  const map = await linksOf(client, wanted);
  return recalls.map((r) => usCampaignIn(map, r));
}
