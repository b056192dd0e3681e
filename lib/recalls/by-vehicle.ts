/**
 * Recalls for a year/make/model as a person or a URL names it ("ford"/"f150"): named first with vPIC's spelling
 * (FORD/F-150), which NHTSA's recall names follow most closely, then looked up. GET /api/recalls, the MCP
 * check_recalls tool and the /recalls/{year}/{make}/{model} page all answer with this.
 */
import type { RecallsResponse } from "./answers";
import { recallsForVehicle } from "./service";
import { canonicalVehicleNames } from "./vehicle-names";
import { displayMake } from "../vehicle";

export async function recallsForYearMakeModel(
  vehicle: { year: number; make: string; model: string },
  opts: { signal?: AbortSignal } = {},
): Promise<RecallsResponse> {
  const named = { year: vehicle.year, ...(await canonicalVehicleNames(vehicle.make, vehicle.model)) };
  return { ...named, make: displayMake(named.make), ...(await recallsForVehicle(named, opts)) };
}
