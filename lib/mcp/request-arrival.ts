/**
 * When an MCP request reached this server process (lib/http/arrival.ts), read from the HTTP request's headers the
 * SDK hands every handler; none over stdio. A report's live budget counts from it, as the JSON routes' do.
 */
import { ARRIVED_HEADER, arrivalStamp } from "../http/arrival";

export function arrivalOfMcpRequest(extra: {
  requestInfo?: { headers: Record<string, string | string[] | undefined> };
}): number | undefined {
  const value = extra.requestInfo?.headers[ARRIVED_HEADER];
  return (typeof value === "string" ? arrivalStamp(value) : null) ?? undefined;
}
