/**
 * get_investigations: NHTSA's defect investigations of one model year, make and model, the answer of
 * GET /api/public/investigations/{year}/{make}/{model} (lib/investigations).
 */
import { operations } from "../../api/operations";
import { investigationsByVehicle, InvestigationsResponse } from "../../investigations";
import { VehicleArguments } from "../arguments";
import { operationInput } from "../operation-input";
import { investigationsLine, vehicleDataSummary } from "../summaries";
import { defineTool, UNKNOWN_IS_A_RESULT } from "../tool";
import { toolSuccess } from "../tool-result";

export const getInvestigations = defineTool({
  name: "get_investigations",
  title: "Get NHTSA defect investigations",
  summary: "NHTSA defect investigations (open or closed) naming a vehicle, and the recalls they led to",
  description:
    "NHTSA defect investigations naming a model year, make and model (PE, EA, RQ, DP, AQ, IR): count, open count, " +
    "each with type, opened/closed dates, component, subject, summary and the recall it led to. An open " +
    "investigation is not a recall. " +
    UNKNOWN_IS_A_RESULT,
  arguments: VehicleArguments,
  output: InvestigationsResponse,
  openWorld: false,
  operation: operations.getInvestigations,
  handler: async (args) => {
    const { params } = operationInput(operations.getInvestigations, args);
    const body = await investigationsByVehicle(params);
    return toolSuccess(body, vehicleDataSummary(body, investigationsLine({ ...body, newest: body.items })));
  },
});
