/**
 * Loopback fakes for the e2e app: each outside system the pages reach gets a fake here, programmed with
 * realistic answers, and its base URL goes into the app's environment.
 */
import { serveFakeAnthropic } from "./fake-anthropic";
import { startFakeServer, type FakeServer } from "./fake-server";

export async function startE2eFakes(): Promise<{ env: Record<string, string>; close(): Promise<void> }> {
  const servers: FakeServer[] = [];
  const env: Record<string, string> = {};

  // Anthropic Messages API: insights written from the facts of the request (model id claude-fake-1).
  const anthropic = await startFakeServer();
  serveFakeAnthropic(anthropic);
  servers.push(anthropic);
  env.ANTHROPIC_API_KEY = "e2e-dummy-key";
  env.ANTHROPIC_BASE_URL = anthropic.url;
  return {
    env,
    close: async () => {
      await Promise.all(servers.map((s) => s.close()));
    },
  };
}
