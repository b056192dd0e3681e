/**
 * Stellantis (Chrysler, Dodge, Jeep, Ram): one chrysler.com service serves every brand. When it has no
 * sticker it still answers 200 with a small placeholder PDF, so size, not the magic bytes, tells them apart.
 */
import { isPdf, PLACEHOLDER_PDF_BYTES, readCommon, type StickerFetcher } from "./reply";

export const stellantisFetcher: StickerFetcher = {
  endpoint: "stellantis",
  needsModel: false,
  read(reply) {
    if (reply.status === 200 && isPdf(reply.body) && reply.body.length < PLACEHOLDER_PDF_BYTES) {
      return { kind: "none", why: `Stellantis placeholder PDF (${reply.body.length} bytes)` };
    }
    return readCommon(reply);
  },
};
