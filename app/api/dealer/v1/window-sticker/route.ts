import { operations } from "@/lib/api/operations";
import { dealerRoute } from "@/lib/http/dealer-route";
import { CACHE } from "@/lib/api/cache";
import { json, raw } from "@/lib/http/route";
import { checkWindowSticker, getWindowSticker, getWindowStickerBuild } from "@/lib/stickers/window-sticker";

export const dynamic = "force-dynamic";

export const GET = dealerRoute(operations.getWindowSticker, async (req, { query }, dealer) => {
  const { vin } = query;
  dealer.countVins(1);
  // The client's signal: a client that goes away leaves the manufacturer queue and its fetch is aborted.
  if (query.format === "check") return json(await checkWindowSticker(vin, { signal: req.signal }));
  if (query.format === "build") {
    const answer = await getWindowStickerBuild(vin, { signal: req.signal });
    dealer.countSticker();
    return json(answer);
  }
  const sticker = await getWindowSticker(vin, { signal: req.signal });
  dealer.countSticker();
  return raw(new Uint8Array(sticker.pdf), {
    "content-type": "application/pdf",
    "content-length": String(sticker.pdf.length),
    "cache-control": CACHE.dealerPdf,
    "content-disposition": `inline; filename="${sticker.vin}.pdf"`,
    etag: `"${sticker.sha256}"`,
    "x-sticker-source": sticker.servedFrom,
  });
});
