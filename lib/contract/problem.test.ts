import { badRequest, unauthorized } from "./errors";
import { PROBLEM_REASON_LIST, PROBLEM_REASONS, Problem } from "./problem";

describe("problem reasons", () => {
  test("the Problem schema accepts what lib/http builds and rejects an unknown reason", () => {
    const body = {
      type: "about:blank",
      title: "Not Found",
      status: 404,
      detail: "x",
      instance: "/a",
      requestId: "abcdefgh12",
      reason: "not_found",
      extra: 1,
    };
    expect(Problem.safeParse(body).success).toBe(true);
    expect(Problem.safeParse({ ...body, reason: "made_up" }).success).toBe(false);
  });

  test("the schema's enum is the documented list, and errors carry a reason from it", () => {
    expect(PROBLEM_REASON_LIST).toEqual(Object.keys(PROBLEM_REASONS));
    expect(badRequest("x").reason).toBe("invalid_request");
    expect(unauthorized("x", "missing_key").reason).toBe("missing_key");
    // @ts-expect-error a reason that is not documented does not compile
    expect(badRequest("x", { reason: "made_up" }).reason).toBe("made_up");
  });
});
