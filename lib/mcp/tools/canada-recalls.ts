/** check_canada_recalls: the same answer as GET /api/public/canada-recalls/{year}/{make}/{model}. */
import { operations } from "../../api/operations";
import { z } from "zod";
import {
  canadaRecallsByVehicle,
  CanadaRecallItem,
  CanadaRecallsResponse,
  CANADA_RECALLS_WORDS,
} from "../../canada-recalls";
import { presentSection, statusWords } from "../../sources";
import { VehicleArguments } from "../arguments";
import { operationInput } from "../operation-input";
import { vehicleDataSummary } from "../summaries";
import { defineTool, UNKNOWN_IS_A_RESULT } from "../tool";
import { toolSuccess } from "../tool-result";

const LISTED = 5;

/** For tools/list only: a recall by the fields that identify it; the OpenAPI document describes every field. */
const ItemBrief = z.looseObject({
  recallNumber: z.string(),
  recallDate: z.string().nullable(),
  system: z.string(),
  nhtsaCampaignNumber: z.string().nullable(),
});

/** "Recalls in Canada (Transport Canada): 2. - 2023123 (2023-05-02), Airbags; US campaign 23V123000 …". */
function canadaRecallsLine(r: CanadaRecallsResponse): string {
  if (r.status === "unavailable" || r.count === null)
    return `${presentSection({ ...CANADA_RECALLS_WORDS, status: r.status, reason: r.reason })} ${r.attribution}`;
  const stale = r.status === "stale" ? ` (${statusWords({ ...CANADA_RECALLS_WORDS, ...r, asOf: r.checkedAt })})` : "";
  const lines = r.recalls
    .slice(0, LISTED)
    .map(
      (c) =>
        `- ${c.recallNumber}${c.recallDate ? ` (${c.recallDate})` : ""}, ${c.system || "system not given"}; ` +
        (c.nhtsaCampaignNumber ? `US campaign ${c.nhtsaCampaignNumber}` : "no US campaign matched"),
    );
  const more = r.recalls.length > LISTED ? [`(and ${r.recalls.length - LISTED} more)`] : [];
  return [`Recalls in Canada (Transport Canada): ${r.count}${stale}.`, ...lines, ...more, r.attribution].join("\n");
}

export const checkCanadaRecalls = defineTool({
  name: "check_canada_recalls",
  title: "Check Canadian recalls",
  summary: "Transport Canada recalls of a model year, make and model, linked to US campaigns",
  description:
    "Transport Canada recalls of a model year, make and model, newest first: number, date, system, units, comment " +
    "(English, French), manufacturer's number, matching NHTSA campaign or null; status and source (a mirror of " +
    "Transport Canada's file). " +
    UNKNOWN_IS_A_RESULT,
  arguments: VehicleArguments,
  output: CanadaRecallsResponse,
  briefly: [[CanadaRecallItem, ItemBrief]],
  openWorld: false,
  operation: operations.getCanadaRecalls,
  handler: async (args) => {
    const body = await canadaRecallsByVehicle(operationInput(operations.getCanadaRecalls, args).params);
    return toolSuccess(body, vehicleDataSummary(body, canadaRecallsLine(body)));
  },
});
