/**
 * The security headers: a baseline on every response the Worker gives, and the pages'
 * strict Content-Security-Policy with a nonce that is new on every response.
 */
import type { MiddlewareHandler } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;

const BASELINE: SecureHeadersOptions = {
  xFrameOptions: "DENY",
  referrerPolicy: "strict-origin-when-cross-origin",
  permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [], usb: [] },
};

/**
 * Whatever the Worker answers without saying how it may be cached is one visitor's: the
 * cart, recommendations, the payment intent, a page rendered for a session, any error.
 */
export const privateByDefault: MiddlewareHandler = async (c, next) => {
  await next();
  if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "private, no-store");
};

/** HSTS, nosniff, the referrer and permissions policies, no framing: every response. */
export const baselineSecurityHeaders = secureHeaders({ ...BASELINE, contentSecurityPolicy: { frameAncestors: ["'none'"] }, overwrite: false });

/**
 * sonner (the toasts) writes its stylesheet into a <style> element of its own, which can
 * carry no nonce: this is the hash of that stylesheet's text (sonner 2.0.8), which
 * tests/ops/csp.test.mjs checks against the installed sonner. sonner puts the element in
 * the page before its text, and the browser checks it then too: the hash of nothing lets
 * an empty <style> be (it styles nothing, and the text it gets is checked again).
 */
export const SONNER_STYLE_HASH = "'sha256-StEaX+se6YS7pqjzrzMIA0KaX9zF/8zAhvQXZAe5epY='";
const EMPTY_STYLE_HASH = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";

/**
 * The pages' Content-Security-Policy: scripts and styles only with this response's nonce
 * (React Router and React put it on every script they emit; the Worker writes the
 * stylesheets into the page with it) or from the shop itself, and no inline style
 * attributes at all; no plugins, no foreign forms or frames.
 */
export const pageSecurityHeaders = secureHeaders({
  ...BASELINE,
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: [NONCE, "'strict-dynamic'"],
    styleSrc: ["'self'", NONCE, SONNER_STYLE_HASH, EMPTY_STYLE_HASH],
    imgSrc: ["'self'", "data:"],
    mediaSrc: ["'self'"],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
});
