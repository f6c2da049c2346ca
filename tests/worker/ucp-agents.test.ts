/**
 * Platform profiles (UCP overview, "Profile Requirements" > "Fetching"): the UCP-Agent
 * header read as an RFC 8941 dictionary, and an unknown agent's profile fetched over HTTPS
 * only, without following redirects, within a timeout, kept in a cache of fixed size for at
 * least 60 s, under one limit on fetches for all agents. Driven with a fake fetch and a
 * fake clock: nothing here touches the network.
 */
import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { createProfileResolver, profileFromHeader, PROFILE_TTL_FLOOR_MS } from "../../workers/ucp/agents";
import { negotiate } from "../../workers/ucp/profile";
import { PlatformProfile } from "../../workers/ucp/schemas";

const PROFILE = {
  ucp: {
    version: "2026-04-08",
    services: {
      "dev.ucp.shopping": [
        {
          version: "2026-04-08",
          spec: "https://ucp.dev/2026-04-08/specification/overview",
          transport: "rest",
          schema: "https://ucp.dev/2026-04-08/services/shopping/rest.openapi.json",
        },
      ],
    },
    capabilities: {
      "dev.ucp.shopping.checkout": [
        {
          version: "2026-04-08",
          spec: "https://ucp.dev/2026-04-08/specification/checkout",
          schema: "https://ucp.dev/2026-04-08/schemas/shopping/checkout.json",
        },
      ],
    },
    payment_handlers: {},
  },
};

const header = (url: string) => `profile="${url}"`;

/** A fake fetch answering `answer(url)`, counting its calls and recording what it was asked. */
function fakeFetch(answer: (url: string, init: RequestInit) => Response | Promise<Response> = () => Response.json(PROFILE)) {
  const calls: { url: string; init: RequestInit }[] = [];
  return {
    calls,
    fetch: async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return answer(url, init);
    },
  };
}

describe("the UCP-Agent header", () => {
  it("is read as an RFC 8941 dictionary: its profile member's string, escapes and parameters allowed", () => {
    expect(profileFromHeader('profile="https://agent.example/.well-known/ucp"')).toBe("https://agent.example/.well-known/ucp");
    expect(profileFromHeader('v=1, profile="https://a.example/p";x=1, other=?0')).toBe("https://a.example/p");
    expect(profileFromHeader('profile="https://a.example/\\"q\\""')).toBe('https://a.example/"q"');
  });

  it("names no profile when absent, unquoted, a list, or malformed", () => {
    for (const value of [
      undefined,
      "",
      "profile=https://a.example/p",
      'profile=("https://a.example/p")',
      'profile="https://a.example/p',
      'Profile="x"',
      'profile="x",',
      "x".repeat(3000),
    ]) {
      expect(profileFromHeader(value), String(value).slice(0, 40)).toBeNull();
    }
  });
});

describe("fetching an unknown agent's profile", () => {
  it("refuses a profile that is not served over HTTPS, without fetching it (400 invalid_profile_url)", async () => {
    const { fetch, calls } = fakeFetch();
    const resolver = createProfileResolver({ fetch });
    expect(await resolver.resolve(header("http://agent.example/.well-known/ucp"))).toMatchObject({ ok: false, status: 400, code: "invalid_profile_url" });
    expect(calls).toHaveLength(0);
  });

  it("does not follow a redirect: the fetch asks for redirect 'manual', and a 3xx is profile_unreachable (424)", async () => {
    const { fetch, calls } = fakeFetch(() => new Response(null, { status: 302, headers: { Location: "https://elsewhere.example/" } }));
    const resolver = createProfileResolver({ fetch });
    expect(await resolver.resolve(header("https://agent.example/p"))).toMatchObject({ ok: false, status: 424, code: "profile_unreachable" });
    expect(calls[0]!.init.redirect).toBe("manual");
  });

  it("gives up after its timeout (424), with an abort signal on the fetch", async () => {
    const { fetch, calls } = fakeFetch(
      (_, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal!.addEventListener("abort", () => reject(new DOMException("timed out", "TimeoutError")));
        }),
    );
    const resolver = createProfileResolver({ fetch, timeoutMs: 50 });
    const started = Date.now();
    expect(await resolver.resolve(header("https://slow.example/p"))).toMatchObject({ ok: false, status: 424, code: "profile_unreachable" });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(calls[0]!.init.signal).toBeInstanceOf(AbortSignal);
  });

  it("refuses a profile that is not JSON, not a platform profile, or too large (422 profile_malformed)", async () => {
    const answers: Record<string, () => Response> = {
      "https://a.example/text": () => new Response("<html>hi</html>"),
      "https://a.example/shape": () => Response.json({ ucp: { version: "yesterday" } }),
      "https://a.example/huge": () => new Response(JSON.stringify({ ...PROFILE, pad: "x".repeat(100_000) })),
    };
    const { fetch } = fakeFetch((url) => answers[url]!());
    const resolver = createProfileResolver({ fetch });
    for (const url of Object.keys(answers))
      expect(await resolver.resolve(header(url)), url).toMatchObject({ ok: false, status: 422, code: "profile_malformed" });
  });

  it("refuses a platform whose profile declares a protocol version the shop does not speak (422 version_unsupported)", async () => {
    // overview.md, "Request-Time Validation": the business MUST return version_unsupported.
    const { fetch } = fakeFetch(() => Response.json({ ...PROFILE, ucp: { ...PROFILE.ucp, version: "2099-01-01" } }));
    const resolver = createProfileResolver({ fetch });
    expect(await resolver.resolve(header("https://future.example/profile"))).toMatchObject({ ok: false, status: 422, code: "version_unsupported" });
    expect(await createProfileResolver({ fetch: fakeFetch().fetch }).resolve(header("https://today.example/profile"))).toMatchObject({ ok: true });
  });

  it("keeps a profile at least 60 s even when it says max-age=0, then fetches it again", async () => {
    let now = 1_000_000;
    const { fetch, calls } = fakeFetch(() => Response.json(PROFILE, { headers: { "Cache-Control": "max-age=0" } }));
    const resolver = createProfileResolver({ fetch, now: () => now });
    const url = header("https://agent.example/p");
    expect(await resolver.resolve(url)).toMatchObject({ ok: true, profileUrl: "https://agent.example/p" });
    now += PROFILE_TTL_FLOOR_MS - 1;
    await resolver.resolve(url);
    expect(calls).toHaveLength(1);
    now += 2;
    await resolver.resolve(url);
    expect(calls).toHaveLength(2);
  });

  it("keeps a failure for the floor too: a broken endpoint is asked once a minute at most", async () => {
    const { fetch, calls } = fakeFetch(() => new Response("down", { status: 503 }));
    const resolver = createProfileResolver({ fetch });
    for (let i = 0; i < 5; i++) expect(await resolver.resolve(header("https://down.example/p"))).toMatchObject({ status: 424 });
    expect(calls).toHaveLength(1);
  });

  it("holds a bounded number of profiles, forgetting the least recently used", async () => {
    const { fetch, calls } = fakeFetch();
    const resolver = createProfileResolver({ fetch, maxEntries: 2 });
    await resolver.resolve(header("https://a.example/p"));
    await resolver.resolve(header("https://b.example/p"));
    await resolver.resolve(header("https://a.example/p"));
    await resolver.resolve(header("https://c.example/p"));
    expect(resolver.size).toBe(2);
    await resolver.resolve(header("https://a.example/p"));
    expect(calls.map((call) => call.url)).toEqual(["https://a.example/p", "https://b.example/p", "https://c.example/p"]);
    await resolver.resolve(header("https://b.example/p"));
    expect(calls).toHaveLength(4);
  });

  it("fetches at most N new profiles a minute for all agents together; past it, 429 with Retry-After, and known profiles still answer", async () => {
    let now = 5_000_000;
    const { fetch, calls } = fakeFetch();
    const resolver = createProfileResolver({ fetch, now: () => now, fetchesPerMinute: 2 });
    await resolver.resolve(header("https://a.example/p"));
    await resolver.resolve(header("https://b.example/p"));
    const refused = await resolver.resolve(header("https://c.example/p"));
    expect(refused).toMatchObject({ ok: false, status: 429 });
    expect(refused.ok === false && refused.retryAfter).toBeGreaterThan(0);
    expect(await resolver.resolve(header("https://a.example/p"))).toMatchObject({ ok: true });
    expect(calls).toHaveLength(2);
    now += 60_001;
    expect(await resolver.resolve(header("https://c.example/p"))).toMatchObject({ ok: true });
  });

  it("fetches a profile once for requests that ask for it at the same time", async () => {
    const { fetch, calls } = fakeFetch(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return Response.json(PROFILE);
    });
    const resolver = createProfileResolver({ fetch });
    const answers = await Promise.all(Array.from({ length: 5 }, () => resolver.resolve(header("https://a.example/p"))));
    expect(answers.every((answer) => answer.ok)).toBe(true);
    expect(calls).toHaveLength(1);
  });
});

describe("capability negotiation (overview, Intersection Algorithm)", () => {
  const capability = (name: string, version = "2026-04-08") => ({
    version,
    spec: `https://ucp.dev/${version}/specification/${name}`,
    schema: `https://ucp.dev/${version}/schemas/shopping/${name}.json`,
  });
  const platform = (capabilities: Record<string, ReturnType<typeof capability>[]>) => v.parse(PlatformProfile, { ucp: { ...PROFILE.ucp, capabilities } });

  it("the active capabilities are the shop's that the platform names at a version both speak; an extension whose parent is not active is pruned", () => {
    expect(
      negotiate(
        platform({
          "dev.ucp.shopping.checkout": [capability("checkout", "2026-01-11"), capability("checkout")],
          "dev.ucp.shopping.fulfillment": [capability("fulfillment")],
          "dev.ucp.shopping.order": [capability("order", "2026-01-11")],
          "dev.ucp.shopping.catalog.search": [capability("catalog_search")],
          "com.example.loyalty": [capability("loyalty")],
        }),
      ),
    ).toEqual(new Set(["dev.ucp.shopping.checkout", "dev.ucp.shopping.fulfillment", "dev.ucp.shopping.catalog.search"]));
    expect(
      negotiate(platform({ "dev.ucp.shopping.fulfillment": [capability("fulfillment")], "dev.ucp.shopping.checkout": [capability("checkout", "2099-01-01")] })),
    ).toEqual(new Set());
    // No profile read (a local server pre-approves every agent): every capability of the shop's.
    expect(negotiate(null)).toBeNull();
  });
});
