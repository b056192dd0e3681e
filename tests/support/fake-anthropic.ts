/**
 * A stand-in for Anthropic's Messages API (`POST /v1/messages`) on a loopback fake server: answers in the
 * API's shape, and by default with a short paragraph built only from the request's facts (model year, make,
 * model), so it passes vinscope's insight validation. Its model id says it is a fake.
 */
import type { FakeRequest, FakeResponse, FakeServer } from "./fake-server";

const FAKE_MODEL = "claude-fake-1";

function messageResponse(
  text: string,
  opts: { model?: string; inputTokens?: number; outputTokens?: number } = {},
): FakeResponse {
  return {
    body: {
      id: "msg_fake",
      type: "message",
      role: "assistant",
      model: opts.model ?? FAKE_MODEL,
      content: [{ type: "text", text }],
      stop_reason: "end_turn",
      stop_sequence: null,
      usage: { input_tokens: opts.inputTokens ?? 250, output_tokens: opts.outputTokens ?? 30 },
    },
  };
}

/** The value of a "Label: value" line of the request's facts block. */
function factOf(req: FakeRequest, label: string): string | null {
  const body = JSON.parse(req.body) as { messages: { content: string }[] };
  return new RegExp(`^${label}: (.*)$`, "m").exec(body.messages[0].content)?.[1] ?? null;
}

export function answerFromFacts(req: FakeRequest): FakeResponse {
  return messageResponse(
    `The ${factOf(req, "Model year")} ${factOf(req, "Make")} ${factOf(req, "Model")} appears in NHTSA's vPIC data. ` +
      "Its variant list there is the only source for this description.",
  );
}

export function serveFakeAnthropic(server: FakeServer): void {
  server.on("POST", "/v1/messages", answerFromFacts);
}
