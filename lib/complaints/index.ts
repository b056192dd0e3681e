/** NHTSA owner complaints: the public surface (VIN report, routes, MCP, import). See service.ts. */
export { complaintsForVehicle, complaintsDegradedSection } from "./service";
export { complaintsOnline } from "./nhtsa-client";

// Reached from outside the room (issue 46: every import of it comes through this door).
export { importComplaintsFile } from "./import";
export { importedComplaints } from "./store";
