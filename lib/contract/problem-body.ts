/**
 * The problem body an `ApiError` becomes: what lib/http/problem.ts sends, and what the batch routes carry per item.
 */
import { config } from "../config";
import type { ApiError, ProblemReason } from "./errors";
import type { Problem } from "./problem";

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance?: string;
  requestId: string;
  reason?: ProblemReason;
  [member: string]: unknown;
}

// What this module builds must be a Problem (./problem.ts): the schema's members are the ones ProblemBody names.
type Assignable<A, B> = [A] extends [B] ? true : never;
const problemIsBody: Assignable<Problem, ProblemBody> = true;
void problemIsBody;

/** Each `reason` is documented on the docs page under this anchor. */
function problemType(reason: ProblemReason | undefined): string {
  if (!reason) return "about:blank";
  let base = "http://localhost:3000";
  try {
    base = config().publicBaseUrl;
  } catch {
    /* a broken configuration must not stop an error from being reported */
  }
  return `${base}/docs#problem-${reason}`;
}

export function problemBody(error: ApiError, requestId: string, instance?: string): ProblemBody {
  return {
    type: problemType(error.reason),
    title: error.title,
    status: error.status,
    detail: error.detail,
    ...(instance ? { instance } : {}),
    ...error.extensions,
    requestId,
  };
}
