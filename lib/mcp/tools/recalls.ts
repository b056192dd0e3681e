/** check_recalls and get_recall_campaign: lib/recalls, the same answers as GET /api/recalls. */
import { z } from "zod";
import { operations } from "../../api/operations";
import {
  recallCampaign,
  recallsForVin,
  recallsForYearMakeModel,
  RECALL_MIN_YEAR,
  RecallCampaignResponse,
  recallMaxYear,
  recallsRequest,
  RecallsResponse,
} from "../../recalls";
import { wholeNumberInput } from "../arguments";
import { operationInput } from "../operation-input";
import { campaignSummary, recallsSummary } from "../summaries";
import { defineTool, UNKNOWN_IS_A_RESULT } from "../tool";
import { toolError, toolSuccess } from "../tool-result";

/**
 * check_recalls: getRecalls's vin and make/model/year forms (its query's fields; the tool parses the arguments
 * with that query too, so the rule "exactly one form" is stated once).
 */
const recallsQuery = operations.getRecalls.query;
const CheckRecallsArguments = z.object({
  vin: recallsQuery.shape.vin,
  year: wholeNumberInput(
    z.int().min(RECALL_MIN_YEAR).max(recallMaxYear()),
    `model year, ${RECALL_MIN_YEAR} to the current year + 2, e.g. 2022`,
  ).optional(),
  make: recallsQuery.shape.make,
  model: recallsQuery.shape.model,
});

export const checkRecalls = defineTool({
  name: "check_recalls",
  title: "Check safety recalls",
  summary: "NHTSA recall campaigns by VIN or by model year, make and model",
  description:
    "NHTSA recall campaigns of a VIN's decoded vehicle, or of a model year, make and model: number, component, " +
    "summary, consequence, remedy, date and flags parkIt (do not drive), parkOutside (fire risk), overTheAirUpdate; " +
    "status and source (recall mirror or NHTSA's API). " +
    UNKNOWN_IS_A_RESULT,
  arguments: CheckRecallsArguments,
  output: RecallsResponse,
  openWorld: true,
  operation: operations.getRecalls,
  handler: async (args, { signal }) => {
    const { query } = operationInput(operations.getRecalls, args);
    const request = recallsRequest(query);
    let answer: RecallsResponse;
    if (request.kind === "vin") answer = await recallsForVin(request.vin, { signal });
    else if (request.kind === "vehicle") answer = await recallsForYearMakeModel(request, { signal });
    else return toolError("Give either vin, or year, make and model.");
    // Not known (unavailable or pending) is an answer, as in every tool: status says so, and count is null, not 0.
    return toolSuccess(answer, recallsSummary(answer));
  },
});

/** get_recall_campaign: getRecalls's campaign form. */
const RecallCampaignArguments = z.object({
  campaign: z.string().max(16).meta({ description: "NHTSA recall campaign number, e.g. 24V436000" }),
});

export const getRecallCampaign = defineTool({
  name: "get_recall_campaign",
  title: "Get a recall campaign",
  summary: "one NHTSA recall campaign by its number, with every vehicle it covers",
  description:
    "One NHTSA recall campaign by number (e.g. 24V436000): manufacturer, component, summary, consequence, remedy, " +
    "date, flags, units affected and every vehicle it covers. From the recall store or NHTSA's API; unknown is an error result.",
  arguments: RecallCampaignArguments,
  output: RecallCampaignResponse,
  openWorld: true,
  operation: operations.getRecalls,
  handler: async ({ campaign }, { signal }) => {
    const { query } = operationInput(operations.getRecalls, { campaign });
    const answer = await recallCampaign(query.campaign!, { signal });
    return toolSuccess(answer, campaignSummary(answer));
  },
});
