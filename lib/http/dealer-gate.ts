/** The dealer API's answer to a request that carries no key at all: 401. */
import { unauthorized } from "../contract/errors";
import { problemResponse } from "./problem";

export function missingKeyProblem(requestId: string, path: string): Response {
  return problemResponse(
    unauthorized(
      "The dealer API needs an API key in the x-api-key header. Start a free trial at /dealers.",
      "missing_key",
    ),
    requestId,
    path,
  );
}
