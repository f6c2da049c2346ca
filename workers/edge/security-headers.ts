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
 * The pages' Content-Security-Policy: scripts only with this response's nonce (React
 * Router and React put it on every script they emit), no plugins, no foreign forms or
 * frames. Styles may be inline: toasts and per-card animation delays set them.
 */
export const pageSecurityHeaders = secureHeaders({
  ...BASELINE,
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: [NONCE, "'strict-dynamic'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
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
