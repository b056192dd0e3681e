// Integration tests start the built app (and may migrate a PostgreSQL schema) in their hooks.
jest.setTimeout(60_000);

// Every response a started test app gives is checked against its OpenAPI document (tests/support/contract.ts):
// a status, content type or body the document does not describe makes the test's fetch throw.
import { checkedResponses, checkResponse } from "./contract";

const rawFetch: typeof fetch = globalThis.fetch.bind(globalThis);

globalThis.fetch = async function contractCheckedFetch(
  input: RequestInfo | URL,
  init?: RequestInit,
): Promise<Response> {
  const response = await rawFetch(input, init);
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  const method = init?.method ?? (input instanceof Request ? input.method : "GET");
  await checkResponse(method, url, response, rawFetch);
  return response;
};

if (process.env.CONTRACT_STATS) {
  afterAll(() => {
    const lines = [...checkedResponses()].sort().map(([key, n]) => `  ${key}: ${n}`);
    process.stderr.write(
      `[contract] responses checked in ${expect.getState().testPath}:\n${lines.join("\n") || "  none"}\n`,
    );
  });
}
