/** The daily recall digest mail (lib/alerts/digest.ts), on ALERT_DIGEST_SCHEDULE. */
import { sendDigests } from "../alerts/digest";
import { config } from "../config";
import type { Job } from "./job";

export const recallDigestJob: Job = {
  name: "recall-digest",
  description: "Recall digest: a daily mail of new recalls for the watched VINs of accounts that turned it on",
  schedule: () => config().alerts.digestSchedule,
  disabledReason: () => null,
  async run() {
    const run = await sendDigests();
    return {
      outcome: run.mailed ? "ok" : "unchanged",
      rowsChanged: run.mailed,
      state: {},
      summary: `${run.mailed} of ${run.accounts} digests mailed (${run.events} recalls)`,
    };
  },
};
