import { addressLimitKey, AddressSet, clientAddress, normaliseAddress, PEER_ADDRESS_HEADER } from "./client-address";

const headers = (peer: string | null, forwarded?: string) => {
  const h = new Headers();
  if (peer) h.set(PEER_ADDRESS_HEADER, peer);
  if (forwarded !== undefined) h.set("x-forwarded-for", forwarded);
  return h;
};

describe("clientAddress", () => {
  const none = new AddressSet([]);
  const proxies = new AddressSet(["10.0.0.0/8", "127.0.0.1", "2001:db8:ffff::/48"]);

  test("is the socket address when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(clientAddress(headers("198.51.100.7", "203.0.113.1"), none)).toBe("198.51.100.7");
    expect(clientAddress(headers("::ffff:198.51.100.7", "203.0.113.1"), none)).toBe("198.51.100.7");
  });

  test("walks X-Forwarded-For from the right past trusted proxies only", () => {
    // The client forged the leftmost entry; the trusted proxy appended the address it saw.
    expect(clientAddress(headers("10.1.2.3", "1.1.1.1, 203.0.113.9"), proxies)).toBe("203.0.113.9");
    expect(clientAddress(headers("10.1.2.3", "1.1.1.1, 203.0.113.9, 10.0.0.5"), proxies)).toBe("203.0.113.9");
    expect(clientAddress(headers("127.0.0.1", "[2001:db8::1]:443"), proxies)).toBe("2001:db8::1");
    expect(clientAddress(headers("127.0.0.1", "198.51.100.2:5555"), proxies)).toBe("198.51.100.2");
  });

  test("stops at a malformed hop, and without the header keeps the proxy's own address", () => {
    expect(clientAddress(headers("10.1.2.3", "203.0.113.9, garbage, 10.0.0.5"), proxies)).toBe("10.0.0.5");
    expect(clientAddress(headers("10.1.2.3"), proxies)).toBe("10.1.2.3");
    expect(clientAddress(headers("10.1.2.3", "10.9.9.9"), proxies)).toBe("10.9.9.9");
  });

  test("is null without the peer address header", () => {
    expect(clientAddress(headers(null, "203.0.113.9"), proxies)).toBeNull();
  });
});

describe("addresses", () => {
  test("IPv4 counts per address, IPv6 per /64", () => {
    expect(addressLimitKey("203.0.113.9")).toBe("203.0.113.9");
    expect(addressLimitKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressLimitKey("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(addressLimitKey("::1")).toBe("0:0:0:0::/64");
    expect(addressLimitKey("2001:db8::")).toBe("2001:db8:0:0::/64");
  });

  test("normalises mapped IPv4 and zone ids", () => {
    expect(normaliseAddress("::FFFF:192.0.2.1")).toBe("192.0.2.1");
    expect(normaliseAddress("FE80::1%eth0")).toBe("fe80::1");
  });

  test("AddressSet matches addresses and ranges of both families", () => {
    const set = new AddressSet(["192.0.2.0/24", "198.51.100.7", "2001:db8::/32"]);
    expect(set.has("192.0.2.200")).toBe(true);
    expect(set.has("192.0.3.1")).toBe(false);
    expect(set.has("198.51.100.7")).toBe(true);
    expect(set.has("2001:db8:5::1")).toBe(true);
    expect(set.has("2001:db9::1")).toBe(false);
    expect(set.has("not an address")).toBe(false);
  });
});
