import dns from "node:dns";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { resetConfigForTests } from "../config";
import { addressRefusal, checkWebhookTarget, parseWebhookUrl } from "./address-policy";
import { postEvent } from "./outbound";

let server: http.Server;
let port: number;
const hits: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(`${req.headers.host} ${req.url}`);
    res.writeHead(
      req.url === "/moved" ? 301 : 204,
      req.url === "/moved" ? { location: "http://127.0.0.1/elsewhere" } : {},
    );
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise((r) => server.close(r)));

function allowPrivate(allowed: boolean) {
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = String(allowed);
  process.env.WEBHOOK_TIMEOUT_MS = "2000";
  resetConfigForTests();
}

/** Makes the resolver answer `addresses` for `host` (everything else resolves as usual). */
function resolveAs(host: string, addresses: string[]) {
  const real = dns.lookup;
  return jest.spyOn(dns, "lookup").mockImplementation(((
    name: string,
    options: unknown,
    callback: (...a: unknown[]) => void,
  ) => {
    if (name !== host) return (real as (...a: unknown[]) => void)(name, options, callback);
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 })),
    );
  }) as never);
}

afterEach(() => jest.restoreAllMocks());

/** One watcher's endpoint at `url`. */
const to = (url: string) => ({ watcherId: "key:test", url });

describe("the address rules", () => {
  test.each([
    ["127.0.0.1", "loopback"],
    ["::1", "loopback"],
    ["169.254.169.254", "link-local"],
    ["fd00:ec2::254", "private"],
    ["10.0.0.1", "private"],
    ["172.16.5.4", "private"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["0.0.0.0", "unspecified"],
    ["::ffff:127.0.0.1", "loopback"],
    ["fe80::1", "link-local"],
    ["224.0.0.1", "multicast"],
  ])("%s is refused (%s)", (address, what) => {
    expect(addressRefusal(address)).toContain(what);
  });

  test.each(["93.184.216.34", "8.8.8.8", "2606:4700::1111", "::ffff:93.184.216.34"])(
    "%s, a public address, is allowed",
    (address) => {
      expect(addressRefusal(address)).toBeNull();
    },
  );

  // An IPv6 address that carries an IPv4 address is refused as the IPv4 address it reaches.
  test.each([
    ["::127.0.0.1", "IPv4-compatible form of 127.0.0.1, a loopback address"],
    ["::7f00:1", "IPv4-compatible form of 127.0.0.1, a loopback address"],
    ["::a9fe:a9fe", "IPv4-compatible form of 169.254.169.254, a link-local address"],
    ["::ffff:10.0.0.1", "IPv4-mapped form of 10.0.0.1, a private-network address"],
    ["::ffff:0:127.0.0.1", "IPv4-translated form of 127.0.0.1, a loopback address"],
    ["64:ff9b::7f00:1", "NAT64 form of 127.0.0.1, a loopback address"],
    ["64:ff9b:1::c0a8:101", "NAT64 form of 192.168.1.1, a private-network address"],
    ["2002:7f00:1::1", "6to4 form of 127.0.0.1, a loopback address"],
    ["2002:a9fe:a9fe::", "6to4 form of 169.254.169.254, a link-local address"],
  ])("%s is refused as the IPv4 address it embeds", (address, why) => {
    expect(addressRefusal(address)).toContain(why);
  });

  test("registration refuses a URL whose host is such an address literal", async () => {
    for (const url of ["https://[::127.0.0.1]/hook", "https://[64:ff9b::a9fe:a9fe]/", "https://[2002:a00:1::]/"]) {
      await expect(checkWebhookTarget(parseWebhookUrl(url, false), false)).rejects.toThrow(/form of/);
    }
  });

  test("https only, no credentials, unless private networks are allowed (then http too)", () => {
    expect(() => parseWebhookUrl("http://example.com/", false)).toThrow("must use https");
    expect(() => parseWebhookUrl("https://u:p@example.com/", false)).toThrow("user name or password");
    expect(() => parseWebhookUrl("ftp://example.com/", true)).toThrow("https or http");
    expect(parseWebhookUrl("http://example.com/x", true).pathname).toBe("/x");
  });
});

describe("a delivery", () => {
  test("to a loopback address is refused without connecting", async () => {
    allowPrivate(false);
    const d = await postEvent(to(`https://127.0.0.1:${port}/hook`), "{}", {});
    expect(d).toMatchObject({ ok: false, reason: "refused", status: null });
    expect(hits).toHaveLength(0);
  });

  test("is checked again when sent: a name whose DNS now answers a private address (rebinding) is refused", async () => {
    allowPrivate(false);
    resolveAs("rebind.example", ["127.0.0.1"]);
    const d = await postEvent(to(`https://rebind.example:${port}/hook`), "{}", {});
    expect(d).toMatchObject({ ok: false, reason: "refused" });
    expect(d.ok || d.detail).toContain("resolves to 127.0.0.1");
    // One private answer among public ones is enough to refuse.
    jest.restoreAllMocks();
    resolveAs("mixed.example", ["93.184.216.34", "169.254.169.254"]);
    expect(await postEvent(to(`https://mixed.example/hook`), "{}", {})).toMatchObject({ ok: false, reason: "refused" });
    expect(hits).toHaveLength(0);
  });

  test("is refused when DNS answers an IPv6 address that embeds a loopback or private IPv4 address", async () => {
    allowPrivate(false);
    resolveAs("compat.example", ["::7f00:1"]);
    const d = await postEvent(to(`https://compat.example:${port}/hook`), "{}", {});
    expect(d).toMatchObject({ ok: false, reason: "refused" });
    expect(d.ok || d.detail).toContain("IPv4-compatible form of 127.0.0.1");
    expect(await postEvent(to(`https://[::127.0.0.1]:${port}/hook`), "{}", {})).toMatchObject({
      ok: false,
      reason: "refused",
    });
    expect(hits).toHaveLength(0);
  });

  test("connects to exactly the address its check resolved (pinned), and sends the signed headers", async () => {
    allowPrivate(true);
    const lookup = resolveAs("pinned.example", ["127.0.0.1"]);
    const d = await postEvent(to(`http://pinned.example:${port}/hook`), '{"a":1}', { "webhook-id": "msg_1" });
    expect(d).toMatchObject({ ok: true, status: 204 });
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(hits.at(-1)).toBe(`pinned.example:${port} /hook`);
  });

  test("does not follow a redirect", async () => {
    allowPrivate(true);
    const before = hits.length;
    const d = await postEvent(to(`http://127.0.0.1:${port}/moved`), "{}", {});
    expect(d).toMatchObject({ ok: false, reason: "redirect", status: 301 });
    expect(hits.slice(before)).toEqual([`127.0.0.1:${port} /moved`]);
  });

  test("that nobody answers fails at its deadline", async () => {
    allowPrivate(true);
    const silent = http.createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    process.env.WEBHOOK_TIMEOUT_MS = "300";
    resetConfigForTests();
    const d = await postEvent(to(`http://127.0.0.1:${(silent.address() as AddressInfo).port}/`), "{}", {});
    expect(d).toMatchObject({ ok: false, reason: "timeout" });
    silent.closeAllConnections();
    await new Promise((r) => silent.close(r));
  });
});
