/** The Anthropic writer behind its breaker: repeated API failures stop the calls, the answer comes at once. */
import { resetConfigForTests } from "../config";
import { resetBreakersForTests } from "../outside";
import { behindBreaker, type InsightWriter, type WriteResult } from "./anthropic-writer";

const savedEnv = { ...process.env };
beforeEach(() => {
  process.env = {
    ...savedEnv,
    LOG_LEVEL: "silent",
    OUTSIDE_BREAKER_FAILURES: "3",
    OUTSIDE_BREAKER_COOLDOWN_MS: "60000",
  };
  resetConfigForTests();
  resetBreakersForTests();
});
afterAll(() => {
  process.env = savedEnv;
  resetConfigForTests();
});

function scripted(results: WriteResult[]): InsightWriter & { calls: number } {
  const writer = {
    model: "claude-test",
    calls: 0,
    async write() {
      return results[Math.min(writer.calls++, results.length - 1)];
    },
  };
  return writer;
}

test("after three API failures in a row the writer answers 'unavailable' without calling", async () => {
  const inner = scripted([{ ok: false, reason: "http_error", status: 529, detail: "HTTP 529" }]);
  const writer = behindBreaker(inner, "anthropic-test");
  for (let i = 0; i < 3; i++) expect(await writer.write("s", [])).toMatchObject({ ok: false, reason: "http_error" });
  expect(await writer.write("s", [])).toMatchObject({ ok: false, reason: "unavailable" });
  expect(inner.calls).toBe(3);
});

test("answers without text and 4xx are the question's fault and do not open the breaker", async () => {
  const inner = scripted([
    { ok: false, reason: "no_text", detail: "stop_reason max_tokens" },
    { ok: false, reason: "http_error", status: 400, detail: "HTTP 400" },
    { ok: false, reason: "no_text", detail: "stop_reason max_tokens" },
    { ok: true, text: "fine", model: "claude-test", usage: { inputTokens: 1, outputTokens: 1 } },
  ]);
  const writer = behindBreaker(inner, "anthropic-test");
  for (let i = 0; i < 3; i++) await writer.write("s", []);
  expect(await writer.write("s", [])).toMatchObject({ ok: true, text: "fine" });
  expect(inner.calls).toBe(4);
});
