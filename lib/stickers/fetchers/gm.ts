/**
 * GM (Chevrolet, GMC, Buick, Cadillac): cws.gm.com answers a PDF, a JSON body carrying `errorMessage` when it
 * has no sticker, or at times an empty body even for a VIN it has (the caller retries once on `empty`).
 */
import { isPdf, jsonErrorMessage, readCommon, type StickerFetcher } from "./reply";

export const gmFetcher: StickerFetcher = {
  endpoint: "gm",
  needsModel: false,
  read(reply) {
    if (reply.status < 500 && !isPdf(reply.body)) {
      const message = jsonErrorMessage(reply.body);
      if (message !== null) return { kind: "none", why: `GM: ${message}` };
    }
    return readCommon(reply);
  },
};
