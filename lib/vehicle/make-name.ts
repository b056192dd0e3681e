/**
 * A make as every answer gives it (decode, recalls, pricing, insights, buyer data, provision): one casing,
 * the one displayMake gives. A schema of its own, so the document states the rule once and a generated
 * client sees one named type.
 */
import { z } from "zod";

export const MakeName = z.string().meta({
  id: "MakeName",
  description:
    "A make as people write it (Toyota, Land Rover, Mercedes-Benz, BMW, Kia), in the same casing in every answer. " +
    "NHTSA prints makes in upper case; a decode keeps that spelling in `elements.Make`.",
});
