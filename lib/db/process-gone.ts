/**
 * Whether a process that named itself by host and pid is known to be gone: it ran on this host and no process has
 * its pid now. What a process leaves behind when it is killed outright (a job lease, a usage journal) is taken
 * over by this test. A pid reused since by another process reads as alive, so the caller falls back to its
 * slower rule (a lease's expiry); a process on another host is never known gone.
 */
import { hostname } from "node:os";

export function processGone(host: string, pid: number): boolean {
  if (host !== hostname() || !Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}
