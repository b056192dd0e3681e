/**
 * The VINs the docs page, the home page, the OpenAPI document and the README use as examples; e2e/examples.spec.ts
 * checks that each decodes and has the data its text promises.
 *
 * No VIN of a real vehicle from the demo data's model years (2023-2026) is at hand, so the pricing example is
 * built on Toyota's 2024 Camry SE pattern with a correct check digit (serial 000001): it decodes with NHTSA's
 * rules, and the bundled demo data has deals for it. The dealer example is a Chevrolet (a supported window-sticker
 * make) built the same way.
 */
export const EXAMPLE_VIN = "4T1G11AK7RU000001";
export const EXAMPLE_VIN_VEHICLE = "2024 Toyota Camry SE";
export const EXAMPLE_DEALER_VIN = "1GCUYDED9NZ123456";
