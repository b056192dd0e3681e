import { ARRIVED_HEADER } from "../http/arrival";
import { arrivalOfMcpRequest } from "./request-arrival";

const over = (headers: Record<string, string | string[] | undefined>) => ({ requestInfo: { headers } });

describe("arrivalOfMcpRequest", () => {
  test("reads the stamp of the HTTP request an MCP message came in", () => {
    const at = performance.now() - 25;
    expect(arrivalOfMcpRequest(over({ [ARRIVED_HEADER]: String(at) }))).toBe(at);
  });

  test("over stdio, unstamped, repeated or from the future: no stamp, so the budget counts from the call", () => {
    expect(arrivalOfMcpRequest({})).toBeUndefined();
    expect(arrivalOfMcpRequest(over({}))).toBeUndefined();
    expect(arrivalOfMcpRequest(over({ [ARRIVED_HEADER]: ["1", "2"] }))).toBeUndefined();
    expect(arrivalOfMcpRequest(over({ [ARRIVED_HEADER]: String(performance.now() + 60_000) }))).toBeUndefined();
  });
});
