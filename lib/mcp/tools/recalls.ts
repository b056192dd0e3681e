/** check_recalls and get_recall_campaign: lib/recalls, the same answers as GET /api/recalls. */
import type { McpToolArguments } from "../../api/mcp-tools";
import { operations } from "../../api/operations";
import { recallsRequest, type RecallsResponse } from "../../recalls/answers";
import { recallCampaign, recallsForVin, recallsForYearMakeModel } from "../../recalls";
import { operationInput } from "../operation-input";
import { campaignSummary, recallsSummary } from "../summaries";
import { toolError, toolSuccess, type ToolHandler } from "../tool-result";

export const checkRecalls: ToolHandler<McpToolArguments<"check_recalls">> = async (args, { signal }) => {
  const { query } = operationInput(operations.getRecalls, args);
  const request = recallsRequest(query);
  let answer: RecallsResponse;
  if (request.kind === "vin") answer = await recallsForVin(request.vin, { signal });
  else if (request.kind === "vehicle") answer = await recallsForYearMakeModel(request, { signal });
  else return toolError("Give either vin, or year, make and model.");
  // Not known (unavailable or pending) is an answer, as in every tool: status says so, and count is null, not 0.
  return toolSuccess(answer, recallsSummary(answer));
};

export const getRecallCampaign: ToolHandler<McpToolArguments<"get_recall_campaign">> = async (
  { campaign },
  { signal },
) => {
  const { query } = operationInput(operations.getRecalls, { campaign });
  const answer = await recallCampaign(query.campaign!, { signal });
  return toolSuccess(answer, campaignSummary(answer));
};
