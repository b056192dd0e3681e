/**
 * get_safety_ratings, get_complaints, get_fuel_economy and get_vehicle_insight: one model year, make and model,
 * the same answers as their year/make/model routes (lib/report's buyer data, lib/insights).
 */
import { notFound } from "../../contract/errors";
import type { McpToolArguments } from "../../api/mcp-tools";
import { operations } from "../../api/operations";
import { lookupInsight } from "../../insights";
import { complaintsByVehicle, fuelEconomyByVehicle, safetyRatingsByVehicle } from "../../report";
import { operationInput } from "../operation-input";
import { complaintsLine, fuelEconomyLine, insightSummary, ratingsLine, vehicleDataSummary } from "../summaries";
import { toolSuccess, type ToolHandler } from "../tool-result";

type VehicleArgs = McpToolArguments<"get_safety_ratings">;

export const getSafetyRatings: ToolHandler<VehicleArgs> = async (args) => {
  const body = await safetyRatingsByVehicle(operationInput(operations.getSafetyRatings, args).params);
  return toolSuccess(body, vehicleDataSummary(body, ratingsLine(body, false)));
};

export const getComplaints: ToolHandler<VehicleArgs> = async (args) => {
  const body = await complaintsByVehicle(operationInput(operations.getComplaints, args).params);
  return toolSuccess(body, vehicleDataSummary(body, complaintsLine(body)));
};

export const getFuelEconomy: ToolHandler<VehicleArgs> = async (args) => {
  const body = await fuelEconomyByVehicle(operationInput(operations.getFuelEconomy, args).params);
  return toolSuccess(body, vehicleDataSummary(body, fuelEconomyLine(body, false)));
};

export const getVehicleInsight: ToolHandler<VehicleArgs> = async (args) => {
  const { year, make, model } = operationInput(operations.getVehicleInsight, args).params;
  const answer = await lookupInsight({ year, make, model });
  if (!answer) throw notFound(`NHTSA vPIC does not know a ${year} ${make} ${model}.`, { reason: "unknown_vehicle" });
  return toolSuccess(answer, insightSummary(answer));
};
