/** The service's own version (package.json) and the version of the public contract (the OpenAPI document's). */
import pkg from "../package.json";

export const SERVICE_NAME = "vinscope";
export const SERVICE_VERSION: string = pkg.version;
export const API_VERSION = "1.2.0";
