/**
 * The shop's signature on what it sends unasked (signatures.md: "Webhook notifications MUST
 * be signed"): RFC 9421 HTTP Message Signatures with ES256, the body bound by its RFC 9530
 * `Content-Digest`, the key a P-256 JWK whose public half the business profile publishes in
 * `signing_keys`. The private key is the `UCP_SIGNING_KEY` secret (README, "Deploy").
 */
import * as v from "valibot";

/** The Worker's env as the signer reads it: the key is a secret, absent until set (`wrangler secret put UCP_SIGNING_KEY`). */
export type SigningEnv = Env & { UCP_SIGNING_KEY?: string };

/** The secret's shape: a P-256 private JWK with the `kid` signatures name it by. */
const PrivateJwk = v.looseObject({
  kty: v.literal("EC"),
  crv: v.literal("P-256"),
  kid: v.pipe(v.string(), v.minLength(1), v.maxLength(100), v.regex(/^[\x21\x23-\x5b\x5d-\x7e]+$/, "a kid is printable, without quotes or backslashes")),
  x: v.string(),
  y: v.string(),
  d: v.string(),
});

export type SigningKey = {
  kid: string;
  publicJwk: { kid: string; kty: "EC"; crv: "P-256"; x: string; y: string; use: "sig"; alg: "ES256" };
  privateJwk: JsonWebKey;
};

/** The key the `UCP_SIGNING_KEY` secret holds, or null when it is unset or not a P-256 private JWK. */
export function signingKeyOf(secret: string | undefined): SigningKey | null {
  if (!secret) return null;
  let json: unknown;
  try {
    json = JSON.parse(secret);
  } catch {
    return null;
  }
  const parsed = v.safeParse(PrivateJwk, json);
  if (!parsed.success) return null;
  const { kid, x, y, d } = parsed.output;
  return { kid, publicJwk: { kid, kty: "EC", crv: "P-256", x, y, use: "sig", alg: "ES256" }, privateJwk: { kty: "EC", crv: "P-256", x, y, d } };
}

const base64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes)));

/** RFC 9530: `sha-256=:<base64 of the raw body's SHA-256>:`. */
export const contentDigest = async (body: string) => `sha-256=:${base64(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(body)))}:`;

/**
 * An RFC 9421 component's value in the signature base: derived ones from the target URL,
 * fields by their (lower-case) name.
 */
function componentValue(name: string, url: URL, method: string, headers: Headers): string {
  switch (name) {
    case "@method":
      return method.toUpperCase();
    case "@authority":
      // Host, lower case, with the port only when it is not the scheme's default (URL drops it then).
      return url.host.toLowerCase();
    case "@path":
      return url.pathname || "/";
    case "@query":
      return url.search || "?";
    default: {
      const value = headers.get(name);
      if (value === null) throw new Error(`signed component ${name} is missing`);
      return value.trim();
    }
  }
}

/** RFC 9421 §2.5: one line per component, then `@signature-params`. */
export function signatureBase(components: string[], params: string, url: URL, method: string, headers: Headers): string {
  const lines = components.map((name) => `"${name}": ${componentValue(name, url, method, headers)}`);
  return [...lines, `"@signature-params": ${params}`].join("\n");
}

/**
 * The headers that sign a JSON POST of `body` to `url` as the business of `profileUrl`:
 * `UCP-Agent` (the signer), `Content-Type`, `Content-Digest`, `Signature-Input` and
 * `Signature`. `extra` headers (a webhook's id and timestamp) are sent and signed too, so
 * none of them can be changed on the way. The signature is raw r||s, as the spec requires.
 */
export async function signedPost(
  url: URL,
  body: string,
  profileUrl: string,
  key: SigningKey,
  extra: Record<string, string>,
  now = Date.now(),
): Promise<Headers> {
  const headers = new Headers({
    "Content-Type": "application/json",
    "UCP-Agent": `profile="${profileUrl}"`,
    "Content-Digest": await contentDigest(body),
    ...extra,
  });
  const components = [
    "@method",
    "@authority",
    "@path",
    ...(url.search ? ["@query"] : []),
    "ucp-agent",
    ...Object.keys(extra).map((name) => name.toLowerCase()),
    "content-digest",
    "content-type",
  ];
  const params = `(${components.map((name) => `"${name}"`).join(" ")});created=${Math.floor(now / 1000)};keyid="${key.kid}"`;
  const base = signatureBase(components, params, url, "POST", headers);
  const privateKey = await crypto.subtle.importKey("jwk", key.privateJwk, { name: "ECDSA", namedCurve: "P-256" }, false, ["sign"]);
  const signature = await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, privateKey, new TextEncoder().encode(base));
  headers.set("Signature-Input", `sig1=${params}`);
  headers.set("Signature", `sig1=:${base64(signature)}:`);
  return headers;
}
