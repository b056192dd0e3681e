/**
 * Ford / Lincoln: forddirect answers an HTML "not yet released" page (status 200) instead of a PDF when the
 * sticker is not available.
 */
import { isPdf, looksLikeHtml, readCommon, type StickerFetcher } from "./reply";

export const fordFetcher: StickerFetcher = {
  endpoint: "ford",
  needsModel: false,
  read(reply) {
    if (reply.status < 500 && reply.body.length > 0 && !isPdf(reply.body) && looksLikeHtml(reply)) {
      return { kind: "none", why: "Ford: sticker not yet released (HTML page)" };
    }
    return readCommon(reply);
  },
};
