/** list_makes, list_models and lookup_wmi: the vPIC catalog (lib/vin), the same answers as /api/public/makes, /models and /wmi. */
import type { McpToolArguments } from "../../api/mcp-tools";
import { operations } from "../../api/operations";
import { makesAnswer, modelsAnswer, wmiAnswer } from "../../vin";
import { operationInput } from "../operation-input";
import { makesSummary, modelsSummary, wmiSummary } from "../summaries";
import { toolSuccess, type ToolHandler } from "../tool-result";

export const listMakes: ToolHandler<McpToolArguments<"list_makes">> = async (args) => {
  const answer = makesAnswer(operationInput(operations.listMakes, args).query);
  return toolSuccess(answer, makesSummary(answer));
};

export const listModels: ToolHandler<McpToolArguments<"list_models">> = async (args) => {
  const answer = modelsAnswer(operationInput(operations.listModels, args).query);
  return toolSuccess(answer, modelsSummary(answer));
};

export const lookupWmi: ToolHandler<McpToolArguments<"lookup_wmi">> = async (args) => {
  const answer = wmiAnswer(operationInput(operations.lookupWmi, args).params.wmi);
  return toolSuccess(answer, wmiSummary(answer));
};
