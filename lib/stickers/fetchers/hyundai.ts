/**
 * Hyundai and Genesis: hyundaiusa.com's monroney service wants the model name as well as the VIN, and
 * answers a small non-PDF reply when it has no sticker.
 */
import { isBlank, isPdf, readCommon, type StickerFetcher } from "./reply";

const SMALL_REPLY_BYTES = 4 * 1024;

export const hyundaiFetcher: StickerFetcher = {
  endpoint: "hyundai",
  needsModel: true,
  read(reply) {
    const { body } = reply;
    if (reply.status < 500 && !isBlank(body) && !isPdf(body) && body.length < SMALL_REPLY_BYTES) {
      return { kind: "none", why: `Hyundai: no sticker (${body.length}-byte non-PDF reply)` };
    }
    return readCommon(reply);
  },
};
