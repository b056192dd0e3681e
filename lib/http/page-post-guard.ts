/**
 * POSTs to pages are form actions (Next.js server actions), and Next.js answers 500 to one it cannot decode: a
 * multipart body without a field name or cut short, one over its 1 MB limit, a tampered `$ACTION_…` field of a
 * form posted without JavaScript, or a `Next-Action` call whose arguments are not the form (a body of `[]`: the
 * action then reads fields of `undefined`). proxy.ts asks this module first and answers 400 or 413 instead.
 *
 * What a well-formed post looks like, by React's encoding of a call (react-server-dom's encodeReply and
 * decodeAction):
 * - with JavaScript (`Next-Action` header): every action of this site takes the form, so the arguments come as
 *   multipart form data whose field "0" is the JSON list of arguments, the form itself last (`"$K<n>"`);
 * - without JavaScript: a multipart form whose `$ACTION_<n>:<i>` fields are JSON (`:0` names the action and
 *   its bound arguments, the others hold those arguments), or an `$ACTION_ID_<id>` field for an action with none.
 * The action's id itself is checked by Next.js (an unknown one is answered 400/404 already).
 */
import { ApiError, badRequest, payloadTooLarge } from "../contract/errors";

/** Next.js's own limit on a server action's body (serverActions.bodySizeLimit). */
const PAGE_POST_MAX_BYTES = 1024 * 1024;

const malformed = (detail: string) => badRequest(`This form post cannot be read: ${detail}`);

/** Reads at most `max` + 1 bytes of the body: null when it is longer than `max`. */
async function readUpTo(body: ReadableStream<Uint8Array>, max: number): Promise<Uint8Array | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  return all;
}

function parseJson(text: FormDataEntryValue | null): unknown {
  if (typeof text !== "string") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A call with JavaScript: field "0" lists the arguments, the form last. */
function jsCallProblem(form: FormData): ApiError | null {
  const args = parseJson(form.get("0"));
  if (
    !Array.isArray(args) ||
    args.length === 0 ||
    typeof args.at(-1) !== "string" ||
    !/^\$K[0-9a-f]+$/.test(args.at(-1))
  ) {
    return malformed("the action's arguments are not the form.");
  }
  return null;
}

/** A post without JavaScript: every `$ACTION_<n>:<i>` field is JSON; `:0` names the action and `:1` its bound arguments (a list). */
function noJsFormProblem(form: FormData): ApiError | null {
  for (const [name, value] of form) {
    const field = /^\$ACTION_(\d+):(\d+)$/.exec(name);
    if (!field) continue;
    const parsed = parseJson(value);
    if (parsed === undefined) return malformed(`the field ${name} is not what the page sent.`);
    if (
      field[2] === "0" &&
      (typeof parsed !== "object" || parsed === null || typeof (parsed as { id?: unknown }).id !== "string")
    ) {
      return malformed(`the field ${name} does not name an action.`);
    }
    if (field[2] === "1" && !Array.isArray(parsed)) return malformed(`the field ${name} is not what the page sent.`);
  }
  return null;
}

/** The problem with a POST to a page, or null to let Next.js handle it. Reads (a clone of) the body. */
export async function pagePostProblem(req: Request): Promise<ApiError | null> {
  const declared = Number(req.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > PAGE_POST_MAX_BYTES) {
    return payloadTooLarge(`A form post may carry at most ${PAGE_POST_MAX_BYTES} bytes.`);
  }
  const type = req.headers.get("content-type") ?? "";
  const isAction = req.headers.has("next-action");
  const multipart = /^\s*multipart\/form-data/i.test(type);
  // Not a form action (a plain POST): Next.js answers it as the page.
  if (!isAction && !multipart) return null;
  if (isAction && !multipart) return malformed("an action of this site takes a form (multipart/form-data).");
  const bytes = req.body ? await readUpTo(req.body, PAGE_POST_MAX_BYTES) : new Uint8Array();
  if (bytes === null) return payloadTooLarge(`A form post may carry at most ${PAGE_POST_MAX_BYTES} bytes.`);
  let form: FormData;
  try {
    form = await new Response(bytes as BodyInit, { headers: { "content-type": type } }).formData();
  } catch {
    return malformed(
      "the multipart body is malformed (every part needs a name, and the body must end with its closing boundary).",
    );
  }
  return isAction ? jsCallProblem(form) : noJsFormProblem(form);
}
