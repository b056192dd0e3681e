import { decodeVin, type DecodeResult } from "./decoder";
export async function decodeVinEnriched(vin: string): Promise<DecodeResult> {
  return decodeVin(vin);
}
