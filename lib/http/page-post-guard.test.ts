import { pagePostProblem } from "./page-post-guard";

const BOUNDARY = "----t";
const multipart = (body: string, headers: Record<string, string> = {}) =>
  new Request("http://x/dealers", {
    method: "POST",
    body,
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
  });
const part = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const end = `--${BOUNDARY}--\r\n`;
const status = async (req: Request) => (await pagePostProblem(req))?.status ?? null;

test("a form as React sends it passes: with JavaScript (the form last in field 0) and without", async () => {
  expect(
    await status(
      multipart(part("0", '[{"status":"idle"},"$K1"]') + part("1_email", "a@b.example") + end, {
        "next-action": "abc",
      }),
    ),
  ).toBeNull();
  expect(await status(multipart(part("0", '["$K1"]') + end, { "next-action": "abc" }))).toBeNull();
  const noJs =
    part("$ACTION_REF_1", "") +
    part("$ACTION_1:0", '{"id":"abc","bound":"$@1"}') +
    part("$ACTION_1:1", '[{"status":"idle"}]') +
    part("email", "a@b.example");
  expect(await status(multipart(noJs + end))).toBeNull();
  expect(await status(multipart(part("$ACTION_ID_abc", "") + end))).toBeNull();
});

test("a plain POST to a page is not an action: Next.js answers it as the page", async () => {
  expect(
    await status(
      new Request("http://x/", {
        method: "POST",
        body: "a=b",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
    ),
  ).toBeNull();
});

test.each([
  ["a part without a name", multipart(`--${BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\nv\r\n${end}`), 400],
  ["no closing boundary", multipart(part("a", "v")), 400],
  ["a declared length over 1 MB", multipart(part("a", "v") + end, { "content-length": String(2 * 1024 * 1024) }), 413],
  ["a body over 1 MB", multipart(part("a", "x".repeat(1024 * 1024)) + end), 413],
  [
    "an action call that is not a form",
    new Request("http://x/d", {
      method: "POST",
      body: "[]",
      headers: { "next-action": "abc", "content-type": "text/plain" },
    }),
    400,
  ],
  ["an action call whose arguments lack the form", multipart(part("0", "[]") + end, { "next-action": "abc" }), 400],
  [
    "an action call whose last argument is not the form",
    multipart(part("0", '[{"status":"idle"},2]') + end, { "next-action": "abc" }),
    400,
  ],
  [
    "a bound argument that is not JSON",
    multipart(
      part("$ACTION_REF_1", "") +
        part("$ACTION_1:0", '{"id":"abc","bound":"$@1"}') +
        part("$ACTION_1:1", "garbage") +
        end,
    ),
    400,
  ],
  [
    "bound arguments that are not a list",
    multipart(part("$ACTION_1:0", '{"id":"abc","bound":"$@1"}') + part("$ACTION_1:1", "{}") + end),
    400,
  ],
  ["an action reference without an id", multipart(part("$ACTION_1:0", '{"bound":"$@1"}') + end), 400],
])("%s → %i", async (_what, req, expected) => {
  expect(await status(req)).toBe(expected);
});
