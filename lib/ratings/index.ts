/** NCAP safety ratings: the public surface (VIN report, routes, MCP). See service.ts. */
export { safetyRatingsForVehicle, ratingsDegradedSection, ratingsPageUrl, resetRatingsForTests } from "./service";
export { ratingsOnline } from "../nhtsa";
