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
    "Manufacturer communications NHTSA lists for a model year, make and model (service bulletins, service campaigns, " +
    "warranty extensions, over-the-air updates): count and the newest, each with NHTSA's ID, the maker's document " +
    "number when known, type and summary; status and source (NHTSA's MFR_COMMS files). " +
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
