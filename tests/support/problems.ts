/** Assertions on RFC 9457 problem answers, shared by the integration tests of every endpoint. */

/** A 400 `invalid_parameter` problem (application/problem+json) naming `param`. */
export async function expectInvalidParameter(res: Response, param: string): Promise<void> {
  expect(res.status).toBe(400);
  expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
  expect(await res.json()).toMatchObject({ status: 400, reason: "invalid_parameter", param });
}
