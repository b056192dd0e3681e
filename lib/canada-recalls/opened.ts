/**
 * What a Transport Canada import opens, for recall alerts (lib/alerts/opened-events.ts writes the events): each
 * vehicle row new to the store whose recall has no US campaign of its own (a recall with one is the US recall's
 * event already, from NHTSA's files). Read from the stage inside the publishing transaction, before the rows are
 * written, so the events commit with the file or not at all. The first import is the store's baseline, not news:
 * it opens nothing.
 */
import { Prisma } from "../db";
import { usCampaignsWith } from "./us-campaigns";

/** A year/make/model a Canadian recall names for the first time. */
export interface OpenedCanadaRecall {
  /** Transport Canada's recall number. */
  number: string;
  year: number;
  make: string;
  model: string;
  firstSeenAt: Date;
}

export async function openedCanadaRecalls(
  tx: Prisma.TransactionClient,
  importId: string,
  now: Date,
): Promise<OpenedCanadaRecall[]> {
  if ((await tx.canadaRecallImport.count()) === 0) return [];
  const fresh = await tx.$queryRaw<
    {
      recallNumber: string;
      year: number | bigint;
      make: string;
      model: string;
      makeKey: string;
      manufacturerRecallNumber: string | null;
      recallDate: string | null;
    }[]
  >`
    SELECT s."recallNumber", s."year", s."make", s."model", s."makeKey", s."manufacturerRecallNumber", s."recallDate"
    FROM "CanadaRecallStage" s
    WHERE s."importId" = ${importId} AND NOT EXISTS (SELECT 1 FROM "CanadaRecall" c WHERE c."key" = s."key")`;
  if (fresh.length === 0) return [];
  const us = await usCampaignsWith(tx, fresh);
  return fresh
    .filter((_, i) => us[i] === null)
    .map((r) => ({ number: r.recallNumber, year: Number(r.year), make: r.make, model: r.model, firstSeenAt: now }));
}
