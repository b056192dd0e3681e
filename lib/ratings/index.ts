/** NCAP safety ratings: the public surface (VIN report, routes, MCP). See service.ts. */
export { safetyRatingsForVehicle, ratingsDegradedSection } from "./service";
export { ratingsOnline } from "./nhtsa-client";
