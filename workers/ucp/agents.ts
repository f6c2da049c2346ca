/**
 * Who an agent says it is: the `UCP-Agent` header (an RFC 8941 dictionary whose `profile`
 * names the platform's profile), and that profile fetched as the spec's "Fetching" section
 * says (overview, "Profile Requirements"): HTTPS only, no redirects, a timeout, a cache of
 * fixed size whose entries live at least 60 s, a limit per client address (the caller's
 * `mayFetch`: the abuse-limit table's PROFILE_LIMITER), then one limit on fetches for all
 * platforms together, so unknown agents cost the shop a fixed footprint however many there
 * are, and one address naming random URLs cannot spend that budget for everyone.
 *
 * A local server treats every profile as pre-approved and fetches nothing (operation.ts).
 */
import * as v from "valibot";
import { PlatformProfile } from "./schemas";
import { isLocalServer } from "../edge/local-server";
import { FIRST_VERSION, isUcpVersion, unsupported, versionInPath, type UcpVersion } from "./versions";
import { readAtMost } from "../edge/read-at-most";

/** Why an agent's profile cannot be used, as the spec's negotiation errors name it. */
export type AgentRefusal = { status: 400 | 422 | 424 | 429; code: string; content: string; retryAfter?: number };
/** An agent let in: its profile (null: pre-approved, not read) and the version its requests are answered in. */
export type AgentCheck = { ok: true; profileUrl: string; profile: PlatformProfile | null; version: UcpVersion } | ({ ok: false } & AgentRefusal);

const TOO_MANY_PROFILES = "Too many new agent profiles to fetch just now. Please try again shortly.";
const MISSING = 'Send a UCP-Agent header naming your profile, e.g. UCP-Agent: profile="https://agent.example/.well-known/ucp".';

/**
 * The `profile` member of a `UCP-Agent` dictionary (RFC 8941 §3.2): its sf-string value,
 * unescaped; null when the header is absent, malformed or names no profile.
 */
export function profileFromHeader(header: string | undefined | null): string | null {
  if (!header || header.length > 2048) return null;
  let at = 0;
  const skipSpaces = () => {
    while (header[at] === " " || header[at] === "\t") at++;
  };
  const key = () => {
    const match = /^[a-z*][a-z0-9_\-.*]*/.exec(header.slice(at));
    if (!match) return null;
    at += match[0].length;
    return match[0];
  };
  /** A bare item: an sf-string (unescaped) or a token/number/boolean kept as text; null when malformed. */
  const bareItem = (): { string: boolean; value: string } | null => {
    if (header[at] === '"') {
      let value = "";
      for (at++; at < header.length; at++) {
        const char = header[at]!;
        if (char === "\\") {
          const next = header[at + 1];
          if (next !== '"' && next !== "\\") return null;
          value += next;
          at++;
        } else if (char === '"') {
          at++;
          return { string: true, value };
        } else if (char < " " || char > "~") {
          return null;
        } else value += char;
      }
      return null;
    }
    const match = /^[A-Za-z0-9*?:/!#$%&'+\-.^_`|~]+/.exec(header.slice(at));
    if (!match) return null;
    at += match[0].length;
    return { string: false, value: match[0] };
  };
  const parameters = () => {
    while (header[at] === ";") {
      at++;
      skipSpaces();
      if (!key()) return false;
      if (header[at] === "=") {
        at++;
        if (!bareItem()) return false;
      }
    }
    return true;
  };
  let profile: string | null = null;
  skipSpaces();
  while (at < header.length) {
    const name = key();
    if (!name) return null;
    let item: { string: boolean; value: string } | null = { string: false, value: "?1" };
    if (header[at] === "=") {
      at++;
      item = header[at] === "(" ? null : bareItem();
      if (!item) return null;
    }
    if (!parameters()) return null;
    // The last member of a name wins (RFC 8941 §3.2).
    if (name === "profile") profile = item.string ? item.value : null;
    skipSpaces();
    if (at >= header.length) break;
    if (header[at] !== ",") return null;
    at++;
    skipSpaces();
    if (at >= header.length) return null;
  }
  return profile;
}

/**
 * The header read, for a server that fetches nothing (a local one): any well-formed profile
 * URL is let in. With no profile to read its version from, the agent is answered in the
 * version its URL's path names (the well-known agent profiles of Shopify's ucp-cli do:
 * `…/agent-profiles/2026-08-25/…`), else in the first version the shop spoke.
 */
export function readAgent(header: string | undefined | null): AgentCheck {
  const profileUrl = profileFromHeader(header);
  if (profileUrl === null) return { ok: false, status: 400, code: "invalid_profile_url", content: MISSING };
  const url = URL.canParse(profileUrl) ? new URL(profileUrl) : null;
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) {
    return { ok: false, status: 400, code: "invalid_profile_url", content: "The UCP-Agent profile is not a web address." };
  }
  return { ok: true, profileUrl: url.href, profile: null, version: versionInPath(url.href) ?? FIRST_VERSION };
}

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

export type ProfileResolverOptions = {
  fetch: Fetch;
  now?: () => number;
  /** Profiles kept at once; the least recently used goes first. */
  maxEntries?: number;
  /** Fetches of unknown profiles allowed per minute, for all platforms together. */
  fetchesPerMinute?: number;
  timeoutMs?: number;
  maxBytes?: number;
};

/** The spec's floor: a profile (or a failure to get one) is kept at least this long. */
export const PROFILE_TTL_FLOOR_MS = 60_000;
const PROFILE_TTL_CEILING_MS = 24 * 60 * 60 * 1000;

/** How long a fetched profile is kept: its `max-age`, but never under the floor nor over a day. */
function ttlOf(cacheControl: string | null): number {
  const maxAge = /(?:^|,)\s*max-age\s*=\s*(\d{1,9})/i.exec(cacheControl ?? "");
  const ms = maxAge ? Number(maxAge[1]) * 1000 : 0;
  return Math.min(PROFILE_TTL_CEILING_MS, Math.max(PROFILE_TTL_FLOOR_MS, ms));
}

type Entry = { expires: number; check: AgentCheck };

/**
 * Resolves platform profiles for a server that fetches them (production). A failure is kept
 * like a profile (for the floor), so a broken or hostile endpoint is asked once a minute at most.
 */
export function createProfileResolver({
  fetch,
  now = Date.now,
  maxEntries = 256,
  fetchesPerMinute = 60,
  timeoutMs = 3_000,
  maxBytes = 64 * 1024,
}: ProfileResolverOptions) {
  const cache = new Map<string, Entry>();
  const fetches: number[] = [];
  const inFlight = new Map<string, Promise<AgentCheck>>();

  const remember = (url: string, check: AgentCheck, ttl = PROFILE_TTL_FLOOR_MS) => {
    cache.delete(url);
    cache.set(url, { expires: now() + ttl, check });
    while (cache.size > maxEntries) cache.delete(cache.keys().next().value!);
    return check;
  };

  async function fetchProfile(url: string): Promise<AgentCheck> {
    const unreachable = (content: string): AgentCheck => remember(url, { ok: false, status: 424, code: "profile_unreachable", content });
    const malformed = (content: string): AgentCheck => remember(url, { ok: false, status: 422, code: "profile_malformed", content });
    let response: Response;
    try {
      response = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(timeoutMs), headers: { Accept: "application/json" } });
    } catch {
      return unreachable("The UCP-Agent profile could not be fetched (no answer in time).");
    }
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      return unreachable("The UCP-Agent profile answered with a redirect; profiles are fetched without following redirects.");
    }
    if (!response.ok) {
      await response.body?.cancel();
      return unreachable(`The UCP-Agent profile answered ${response.status}.`);
    }
    let text: string;
    try {
      text = await boundedText(response, maxBytes);
    } catch {
      return malformed(`The UCP-Agent profile is larger than ${maxBytes} bytes.`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return malformed("The UCP-Agent profile is not JSON.");
    }
    const parsed = v.safeParse(PlatformProfile, json);
    if (!parsed.success)
      return malformed(`The UCP-Agent profile is not a UCP platform profile: ${v.getDotPath(parsed.issues[0]) ?? "the document"}: ${parsed.issues[0].message}`);
    const ttl = ttlOf(response.headers.get("Cache-Control"));
    // The platform's version is the one its profile declares (overview, "Request-Time Validation"): one of the shop's, or refused.
    const version = parsed.output.ucp.version;
    if (!isUcpVersion(version)) return remember(url, { ok: false, status: 422, code: "version_unsupported", content: unsupported(version) }, ttl);
    return remember(url, { ok: true, profileUrl: url, profile: parsed.output, version }, ttl);
  }

  return {
    /**
     * The profile the header names, from the cache or fetched now: within the caller's limit
     * (`mayFetch`, asked only when a fetch is due), then the global one.
     */
    async resolve(header: string | undefined | null, mayFetch?: () => Promise<boolean>): Promise<AgentCheck> {
      const read = readAgent(header);
      if (!read.ok) return read;
      const url = read.profileUrl;
      if (!url.startsWith("https://"))
        return { ok: false, status: 400, code: "invalid_profile_url", content: "The UCP-Agent profile must be served over HTTPS." };
      const cached = cache.get(url);
      if (cached && cached.expires > now()) {
        cache.delete(url);
        cache.set(url, cached);
        return cached.check;
      }
      const pending = inFlight.get(url);
      if (pending) return pending;
      if (mayFetch && !(await mayFetch())) return { ok: false, status: 429, code: "too_many_requests", content: TOO_MANY_PROFILES, retryAfter: 60 };
      const minuteAgo = now() - 60_000;
      while (fetches.length > 0 && fetches[0]! <= minuteAgo) fetches.shift();
      if (fetches.length >= fetchesPerMinute) {
        const retryAfter = Math.max(1, Math.ceil((fetches[0]! + 60_000 - now()) / 1000));
        return { ok: false, status: 429, code: "too_many_requests", content: TOO_MANY_PROFILES, retryAfter };
      }
      fetches.push(now());
      const fetching = fetchProfile(url).finally(() => inFlight.delete(url));
      inFlight.set(url, fetching);
      return fetching;
    },
    /** For tests: how many profiles (and failures) are kept. */
    get size() {
      return cache.size;
    },
  };
}

/** The body as text, refused once it passes `maxBytes` (a profile is a small document). */
async function boundedText(response: Response, maxBytes: number): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return "";
  const all = await readAtMost(reader, maxBytes);
  if (!all) {
    await reader.cancel();
    throw new Error("too large");
  }
  return new TextDecoder().decode(all);
}

/**
 * The webhook URL a platform's profile declares for order events: the order capability's
 * `config.webhook_url` (order.json `platform_schema`); null when it declares none.
 */
export function declaredWebhook(profile: PlatformProfile | null): string | null {
  const entries = profile?.ucp.capabilities?.["dev.ucp.shopping.order"] ?? [];
  const url = entries.map((entry) => entry.config?.webhook_url).find((value) => typeof value === "string");
  return typeof url === "string" ? url : null;
}

/**
 * Why the shop will not POST to `target`, or null: the rule profiles are fetched by. HTTPS
 * only, no credentials in the address; plain http to a local address only from a local
 * server (`shopOrigin` is the shop's address as it was reached: no production request
 * carries a local one).
 */
export function webhookRefusal(target: string, shopOrigin: string): string | null {
  const url = URL.canParse(target) ? new URL(target) : null;
  if (!url) return "The webhook URL is not a web address.";
  if (url.username || url.password) return "The webhook URL carries credentials.";
  if (url.protocol === "https:") return null;
  const local = url.protocol === "http:" && isLocalServer(url) && URL.canParse(shopOrigin) && isLocalServer(new URL(shopOrigin));
  return local ? null : "The webhook URL must be https.";
}
