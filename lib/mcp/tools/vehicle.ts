/**
 * get_safety_ratings, get_complaints, get_fuel_economy and get_vehicle_insight: one model year, make and model,
 * the same answers as their year/make/model routes (lib/report's buyer data, lib/insights).
 */
import { operations } from "../../api/operations";
import { ComplaintsResponse, FuelEconomyResponse, SafetyRatingsResponse } from "../../sources";
import { notFound } from "../../contract/errors";
import { lookupInsight, InsightResponse } from "../../insights";
import { complaintsByVehicle, fuelEconomyByVehicle, safetyRatingsByVehicle } from "../../report";
import { VehicleArguments } from "../arguments";
import { operationInput } from "../operation-input";
import { complaintsLine, fuelEconomyLine, insightSummary, ratingsLine, vehicleDataSummary } from "../summaries";
import { defineTool, UNKNOWN_IS_A_RESULT } from "../tool";
import { toolSuccess } from "../tool-result";

export const getSafetyRatings = defineTool({
  name: "get_safety_ratings",
  title: "Get NCAP safety ratings",
  summary: "NHTSA NCAP crash-test stars of every tested variant of a model year, make and model",
  description:
    "NHTSA NCAP (5-Star) ratings of every variant crash-tested for a model year, make and model: overall, frontal, " +
    "side, side pole and rollover stars and rollover risk, with status and source. From NHTSA's SafetyRatings API. " +
    UNKNOWN_IS_A_RESULT,
  arguments: VehicleArguments,
  output: SafetyRatingsResponse,
  openWorld: true,
  operation: operations.getSafetyRatings,
  handler: async (args) => {
    const body = await safetyRatingsByVehicle(operationInput(operations.getSafetyRatings, args).params);
    return toolSuccess(body, vehicleDataSummary(body, ratingsLine(body, false)));
  },
});

export const getComplaints = defineTool({
  name: "get_complaints",
  title: "Get owner complaints",
  summary: "NHTSA owner complaints of a model year, make and model: count, by component, newest",
  description:
    "Owner complaints filed with NHTSA for a model year, make and model: count, crashes, fires, injuries, deaths, " +
    "counts per component and the newest few, with status and source (NHTSA's API or FLAT_CMPL). " +
    UNKNOWN_IS_A_RESULT,
  arguments: VehicleArguments,
  output: ComplaintsResponse,
  openWorld: true,
  operation: operations.getComplaints,
  handler: async (args) => {
    const body = await complaintsByVehicle(operationInput(operations.getComplaints, args).params);
    return toolSuccess(body, vehicleDataSummary(body, complaintsLine(body)));
  },
});

export const getFuelEconomy = defineTool({
  name: "get_fuel_economy",
  title: "Get EPA fuel economy",
  summary: "EPA MPG, annual fuel cost and electric range of every rated variant",
  description:
    "EPA fuel economy of every rated variant of a model year, make and model: city, highway and combined MPG (MPGe " +
    "for EVs), annual fuel cost, electric range, with status and source (vehicles.csv or fueleconomy.gov). " +
    UNKNOWN_IS_A_RESULT,
  arguments: VehicleArguments,
  output: FuelEconomyResponse,
  openWorld: true,
  operation: operations.getFuelEconomy,
  handler: async (args) => {
    const body = await fuelEconomyByVehicle(operationInput(operations.getFuelEconomy, args).params);
    return toolSuccess(body, vehicleDataSummary(body, fuelEconomyLine(body, false)));
  },
});

export const getVehicleInsight = defineTool({
  name: "get_vehicle_insight",
  title: "Get a vehicle insight",
  summary: "a short factual paragraph about a model year, make and model",
  description:
    "A factual paragraph (at most 60 words) on a model year, make and model from vinscope's data, AI-written or, " +
    "when no model answers, composed by fixed rules (insight.model vinscope-facts-v1). Unknown to vPIC is an error result.",
  arguments: VehicleArguments,
  output: InsightResponse,
  openWorld: true,
  operation: operations.getVehicleInsight,
  handler: async (args) => {
    const { year, make, model } = operationInput(operations.getVehicleInsight, args).params;
    const answer = await lookupInsight({ year, make, model });
    if (!answer) throw notFound(`NHTSA vPIC does not know a ${year} ${make} ${model}.`, { reason: "unknown_vehicle" });
    return toolSuccess(answer, insightSummary(answer));
  },
});
