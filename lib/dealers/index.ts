/**
 * The dealer key's life, the room's one door: issued (shown once, stored as a hash), checked on every request by
 * the gate (the `x-api-key` check, the per-key limit), rotated with a grace period, revoked, and counted (requests
 * and VINs per key per day, journalled so a killed process loses none). Accounts own keys (lib/accounts: the
 * signup, locations and billing issue, rotate and revoke them through here); the HTTP wrapper of the dealer API
 * is lib/http/dealer-route.ts.
 */
export {
  activateKey,
  DAILY_VIN_FLAG_THRESHOLD,
  issueKey,
  listKeys,
  recordUsage,
  revokeKey,
  toRecord,
  TRIAL_DAYS,
  usageDay,
  verifyKey,
  type DealerKeyRecord,
  type IssuedKey,
} from "./keys";
export { accountWarning, admitKey, API_KEY_HEADER, countKeyRequest, missingKey } from "./gate";
export { keyStateFor, replaceKey, rotationRefusal } from "./rotation";
export { countUsage, replayUsageOfKilledProcesses } from "./usage-tally";
