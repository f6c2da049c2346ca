/** What the order webhooks' tests share: the shop in production, a destination, and a signing key. */
import { env } from "cloudflare:workers";

/** The shop in production: no local hostname (local-server.ts). */
export const SHOP = "https://rawdogg.com";

/** A shipping destination as an agent sends it. */
export const DESTINATION = {
  first_name: "Jane",
  last_name: "Doe",
  street_address: "1 Main Street",
  address_locality: "New York",
  address_region: "NY",
  postal_code: "10001",
  address_country: "US",
};

/** The shop's signing key as the secret holds it: a P-256 private JWK with its kid. */
const keyPair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
const SIGNING_KEY = JSON.stringify({ ...(await crypto.subtle.exportKey("jwk", keyPair.privateKey)), kid: "rawdogg-test-1" });
/** The Worker's env with that key. */
export const signingEnv = { ...env, UCP_SIGNING_KEY: SIGNING_KEY };
