/**
 * The vPIC file `npm install` unpacks (lib/config.ts's default path), loaded once per test file, for unit tests
 * that decode real VINs or read real variants.
 */
import { existsSync } from "node:fs";
import { parseConfig } from "../../lib/config";
import { loadVpicData, type VpicData } from "../../lib/vin";

export function loadBundledVpic(): VpicData {
  const file = parseConfig({}).vpic.dbPath;
  if (!existsSync(file)) throw new Error(`${file} is missing: run npm install (postinstall unpacks it)`);
  return loadVpicData(file);
}
