/**
 * Every scheduled job. Adding one: write lib/jobs/<name>.ts exporting a `Job` (see job.ts) and add it here;
 * the runner, `npm run sync -- <name>|status`, /api/health and the JobStatus table pick it up.
 */
import type { Job } from "./job";
import { recallMirrorJob } from "./recall-mirror";
import { vpicRefreshJob } from "./vpic-refresh";
import { complaintsSyncJob, fuelEconomySyncJob, investigationsSyncJob } from "./file-sync";
import { bulletinsSyncJob } from "./bulletins-sync";
import { canadaRecallsSyncJob } from "./canada-recalls-sync";
import { webhookDeliveryJob } from "./webhook-delivery";
import { recallDigestJob } from "./recall-digest";

export const JOBS: readonly Job[] = [
  recallMirrorJob,
  vpicRefreshJob,
  complaintsSyncJob,
  fuelEconomySyncJob,
  investigationsSyncJob,
  bulletinsSyncJob,
  canadaRecallsSyncJob,
  webhookDeliveryJob,
  recallDigestJob,
];

export function findJob(name: string): Job | undefined {
  return JOBS.find((j) => j.name === name);
}
