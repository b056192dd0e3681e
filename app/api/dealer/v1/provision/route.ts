import { PROVISION_LIMIT, PROVISION_LIVE_LIMIT, ProvisionRequest } from "@/lib/api/dealer";
import { badRequest, payloadTooLarge } from "@/lib/api/errors";
import { operations } from "@/lib/api/operations";
import { dealerRoute } from "@/lib/dealers/dealer-route";
import { parseInput } from "@/lib/http/params";
import { json } from "@/lib/http/route";
import { provision, provisionBatch } from "@/lib/stickers/provision";

export const dynamic = "force-dynamic";

export const POST = dealerRoute(operations.provision, async (req, _input, dealer) => {
  const body = await readJson(req);
  checkBatchLimit(body);
  const input = parseInput(ProvisionRequest, body);
  const batch = provisionBatch(input.vins);
  dealer.countVins(batch.entries.length);
  return json(await provision(input, batch));
});

/** 500 VINs take about 12 KB of JSON; anything far beyond that is not a provision request. */
const MAX_BODY_BYTES = 256 * 1024;

async function readJson(req: Request): Promise<unknown> {
  if (Number(req.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) {
    throw payloadTooLarge(`The body may hold at most ${MAX_BODY_BYTES} bytes.`);
  }
  const text = await req.text();
  if (text.length > MAX_BODY_BYTES) throw payloadTooLarge(`The body may hold at most ${MAX_BODY_BYTES} bytes.`);
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('The body must be JSON: {"vins": ["…"], "live"?: boolean, "decode"?: boolean}.', { reason: "invalid_json" });
  }
}

/** Named limits first, so an oversized batch is told which limit it crossed (spec 8). */
function checkBatchLimit(body: unknown): void {
  if (!body || typeof body !== "object" || !Array.isArray((body as { vins?: unknown }).vins)) return;
  const { vins, live } = body as { vins: unknown[]; live?: unknown };
  const limit = live === true ? PROVISION_LIVE_LIMIT : PROVISION_LIMIT;
  if (vins.length > limit) {
    const which = live === true ? `at most ${PROVISION_LIVE_LIMIT} VINs per request with live: true` : `at most ${PROVISION_LIMIT} VINs per request`;
    throw badRequest(`Too many VINs: ${vins.length} sent, ${which}.`, { reason: "batch_too_large", param: "vins", limit });
  }
}
