/**
 * NHTSA's decode error codes (vPIC table ErrorCode, release 2026-09), with their texts and the weights
 * NHTSA uses to pick the better of two model-year passes. Copied here so a decode needs no other file.
 */
export interface VpicErrorCode {
  text: string;
  weight: number;
}

export const VPIC_ERROR_CODES: Record<string, VpicErrorCode> = {
  "0": { text: "0 - VIN decoded clean. Check Digit (9th position) is correct", weight: 0 },
  "1": { text: "1 - Check Digit (9th position) does not calculate properly", weight: -5 },
  "2": { text: "2 - VIN corrected, error in one position", weight: -100 },
  "3": { text: "3 - VIN corrected, error in one position (assuming Check Digit is correct)", weight: -100 },
  "4": {
    text: "4 - VIN corrected, error in one position only (indicated by ! in Suggested VIN), multiple matches found",
    weight: -200,
  },
  "5": { text: "5 - VIN has errors in few positions", weight: -300 },
  "6": { text: "6 - Incomplete VIN", weight: -10 },
  "7": {
    text: "7 - Manufacturer is not registered with NHTSA for sale or importation in the U.S. for use on U.S roads; Please contact the manufacturer directly for more information",
    weight: -10000,
  },
  "8": { text: "8 - No detailed data available currently", weight: -1000 },
  "9": {
    text: '9 - Glider Warning - A "Glider" is not a "motor vehicle", as defined in 49 U.S.C. 30102(a)(6), and cannot be assigned a VIN that meets 49 CFR Part 565 requirements',
    weight: 0,
  },
  "10": {
    text: "10 - Off-Road Vehicle Warning – This is not a Vehicle Identification Number (VIN) for a motor vehicle. This indicates that the manufacturer did not certify this product as complying with the Federal Motor Vehicle Safety Standards that are applicable to motor vehicles as defined in 49 U.S.C. 30102.",
    weight: 0,
  },
  "11": {
    text: "11 - Incorrect Model Year - Position 10 does not match valid model year codes (I, O, Q, U, Z, 0). Decoded data may not be accurate.",
    weight: -20,
  },
  "12": {
    text: "12 - Model Year Warning - Model Year entered for decoding with VIN does not match the model year based on the 10th position in VIN.",
    weight: -20,
  },
  "14": {
    text: "14 - Unable to provide information for some of the characters in the VIN, based on the manufacturer submission.",
    weight: -30,
  },
  "400": { text: "400 - Invalid Characters Present", weight: -40 },
};

/** Sum of the weights of a pass's codes (NHTSA's fErrorValue): the higher, the better the pass. */
export function errorValue(codes: readonly string[]): number {
  return codes.reduce((sum, code) => sum + (VPIC_ERROR_CODES[code]?.weight ?? 0), 0);
}

const CHECK_DIGIT_EXCEPTION_NOTE =
  " NOTE: Check Digit Exception - The check digit was given an exception based on data from the OEM indicating an error on production.";
const OFF_ROAD_NOTE =
  " NOTE: Disregard if this is an off-road vehicle PIN, as check digit calculation may not be accurate.";

/**
 * NHTSA joins the texts of every code, in code order, with "; ". For an off-road vehicle (error 10) the
 * check-digit error carries a note, and so does a clean decode of a VIN with a check-digit exception.
 */
export function errorTextOf(codes: readonly string[], offRoad = false, checkDigitException = false): string {
  return codes
    .map((c) => {
      const note =
        offRoad && c === "1" ? OFF_ROAD_NOTE : checkDigitException && c === "0" ? CHECK_DIGIT_EXCEPTION_NOTE : "";
      return `${VPIC_ERROR_CODES[c]?.text ?? c}${note}`.trim();
    })
    .join("; ");
}
