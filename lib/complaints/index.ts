/** NHTSA owner complaints: the public surface (VIN report, routes, MCP, import). See service.ts. */
export { complaintsForVehicle, complaintsDegradedSection } from "./service";
export { complaintsOnline } from "./nhtsa-client";
