/**
 * get_service_bulletins: NHTSA's manufacturer communications of one model year, make and model, the answer of
 * GET /api/public/bulletins/{year}/{make}/{model} (lib/bulletins), its first page.
 */
import { operations } from "../../api/operations";
import { bulletinsByVehicle, BulletinsResponse } from "../../bulletins";
import { VehicleArguments } from "../arguments";
import { operationInput } from "../operation-input";
import { bulletinsLine, vehicleDataSummary } from "../summaries";
import { defineTool, UNKNOWN_IS_A_RESULT } from "../tool";
import { toolSuccess } from "../tool-result";

export const getServiceBulletins = defineTool({
  name: "get_service_bulletins",
  title: "Get manufacturer service bulletins",
  summary: "NHTSA-listed service bulletins, campaigns, warranty extensions and OTA updates of a vehicle",
  description:
    "Manufacturer communications NHTSA lists for a model year, make and model (bulletins, campaigns, warranty " +
    "extensions, OTA updates): count and newest, with NHTSA's ID, the maker's number when known, type, summary. " +
    UNKNOWN_IS_A_RESULT,
  arguments: VehicleArguments,
  output: BulletinsResponse,
  openWorld: false,
  operation: operations.getServiceBulletins,
  handler: async (args) => {
    const { params } = operationInput(operations.getServiceBulletins, args);
    const body = await bulletinsByVehicle(params);
    return toolSuccess(body, vehicleDataSummary(body, bulletinsLine({ ...body, newest: body.items })));
  },
});
