import { PROVISION_LIMIT, PROVISION_LIVE_LIMIT, ProvisionRequest } from "@/lib/stickers/answers";
import { badRequest } from "@/lib/contract/errors";
import { operations } from "@/lib/api/operations";
import { dealerRoute } from "@/lib/http/dealer-route";
import { parseInput, readJsonBody } from "@/lib/http/params";
import { json } from "@/lib/http/route";
import { provision, provisionBatch } from "@/lib/stickers/provision";

export const dynamic = "force-dynamic";

export const POST = dealerRoute(operations.provision, async (req, _input, dealer) => {
  const body = await readJsonBody(req, MAX_BODY_BYTES, '{"vins": ["…"], "live"?: boolean, "decode"?: boolean}');
  checkBatchLimit(body);
  const input = parseInput(ProvisionRequest, body);
  const batch = provisionBatch(input.vins);
  dealer.countVins(batch.entries.length);
  return json(await provision(input, batch));
});

/** 500 VINs take about 12 KB of JSON; anything far beyond that is not a provision request. */
const MAX_BODY_BYTES = 256 * 1024;

/** Named limits first, so an oversized batch is told which limit it crossed (500 VINs, 25 with live). */
function checkBatchLimit(body: unknown): void {
  if (!body || typeof body !== "object" || !Array.isArray((body as { vins?: unknown }).vins)) return;
  const { vins, live } = body as { vins: unknown[]; live?: unknown };
  const limit = live === true ? PROVISION_LIVE_LIMIT : PROVISION_LIMIT;
  if (vins.length > limit) {
    const which =
      live === true
        ? `at most ${PROVISION_LIVE_LIMIT} VINs per request with live: true`
        : `at most ${PROVISION_LIMIT} VINs per request`;
    throw badRequest(`Too many VINs: ${vins.length} sent, ${which}.`, {
      reason: "batch_too_large",
      param: "vins",
      limit,
    });
  }
}
