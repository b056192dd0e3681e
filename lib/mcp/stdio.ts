/**
 * The stdio transport (`vinscope mcp`, cli/server/mcp-stdio.ts): the SDK's StdioServerTransport behind a screen
 * that holds each line to what lib/mcp/http.ts holds an HTTP body to. The SDK's transport parses a line and
 * validates it in one step: a line nested too deep overflows the stack inside the handlers, invalid JSON or a
 * non-message is dropped without an answer (the client waits for ever), and more than 10 MiB without a newline
 * closes the transport, and with it the server. The screen answers each of those with a JSON-RPC error on stdout
 * and passes every other line through unchanged.
 */
import { Transform, type TransformCallback, type Readable, type Writable } from "node:stream";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js";
import {
  BATCH_REFUSED,
  INVALID_REQUEST,
  MAX_MESSAGE_BYTES,
  PARSE_ERROR,
  TOO_DEEP_MESSAGE,
  nestsDeeperThan,
} from "./message-limits";

const NEWLINE = 0x0a;

/** The same code and words as the HTTP transport's 413. */
const TOO_LARGE = { code: -32000, message: `Message too large: a message is at most ${MAX_MESSAGE_BYTES} bytes.` };

interface Refusal {
  code: number;
  message: string;
  id?: string | number | null;
}

/** Why a line is not passed on to the SDK, or null when it is a JSON-RPC message within the limits. */
function refusalOf(line: string): Refusal | null {
  if (nestsDeeperThan(line)) return { code: INVALID_REQUEST, message: TOO_DEEP_MESSAGE };
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { code: PARSE_ERROR, message: "Parse error: Invalid JSON" };
  }
  if (Array.isArray(value)) return { code: INVALID_REQUEST, message: BATCH_REFUSED };
  if (JSONRPCMessageSchema.safeParse(value).success) return null;
  // Answered under the request's id when one can be read, as JSON-RPC asks.
  const id = (value as { id?: unknown } | null)?.id;
  return {
    code: INVALID_REQUEST,
    message: "Invalid Request: not a JSON-RPC 2.0 request, notification or response.",
    id: typeof id === "string" || typeof id === "number" ? id : null,
  };
}

/** Splits stdin into lines, passes on the acceptable ones, answers the others on `output`. */
class MessageScreen extends Transform {
  private parts: Buffer[] = [];
  private bytes = 0;
  /** Set once a line has outgrown the limit and been answered: the rest of it, up to its newline, is dropped. */
  private skipping = false;

  constructor(private readonly output: Writable) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      this.collect(chunk.subarray(start, end));
      this.endLine();
      start = end + 1;
    }
    this.collect(chunk.subarray(start));
    done();
  }

  private collect(part: Buffer): void {
    if (this.skipping || part.length === 0) return;
    if (this.bytes + part.length > MAX_MESSAGE_BYTES) {
      this.parts = [];
      this.bytes = 0;
      this.skipping = true;
      this.refuse({ ...TOO_LARGE, id: null });
      return;
    }
    this.parts.push(part);
    this.bytes += part.length;
  }

  private endLine(): void {
    const line = Buffer.concat(this.parts).toString("utf8").replace(/\r$/, "");
    const skipped = this.skipping;
    this.parts = [];
    this.bytes = 0;
    this.skipping = false;
    if (skipped || line.trim() === "") return;
    const refusal = refusalOf(line);
    if (refusal) this.refuse(refusal);
    else this.push(`${line}\n`);
  }

  private refuse({ code, message, id = null }: Refusal): void {
    this.output.write(`${JSON.stringify({ jsonrpc: "2.0", id, error: { code, message } })}\n`);
  }
}

export function createStdioTransport(
  input: Readable = process.stdin,
  output: Writable = process.stdout,
): StdioServerTransport {
  return new StdioServerTransport(input.pipe(new MessageScreen(output)), output);
}
