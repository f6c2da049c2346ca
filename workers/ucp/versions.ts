/**
 * The UCP versions the shop speaks, and what differs between them (overview, "Versioning"):
 * `/.well-known/ucp` is the newest version's profile and links the older one's through
 * `supported_versions`; each request is answered in the version of the agent's profile
 * (agents.ts). The operations build one shape; `inVersion` (answer-shapes.ts) turns it into
 * the negotiated version's.
 *
 * 2026-08-25 came out of the spec's main branch at fdcf893 ("preparation of a version cut",
 * 2026-08-22): the snapshot the shop was built from holds no `v2026-08-25` tag.
 */
import { UCP_PROFILE_PATH } from "../../app/shared/feeds";

/** Newest first: the first is the one `/.well-known/ucp` describes. */
export const UCP_VERSIONS = ["2026-08-25", "2026-04-08"] as const;
export type UcpVersion = (typeof UCP_VERSIONS)[number];

export const CURRENT_VERSION: UcpVersion = UCP_VERSIONS[0];
/** The version the shop spoke first: an answer built without a negotiated version is in it. */
export const FIRST_VERSION: UcpVersion = "2026-04-08";

export const isUcpVersion = (value: unknown): value is UcpVersion => (UCP_VERSIONS as readonly unknown[]).includes(value);

/** Where an older version's profile is (a leaf: it names no `supported_versions`). */
export const versionProfilePath = (version: UcpVersion) => `${UCP_PROFILE_PATH}/${version}`;

/**
 * A spec page. 2026-08-25 files the shopping capabilities under `shopping/` (checkout, cart,
 * order, catalog) and the overview under `overview/`; 2026-04-08 has them at the top.
 */
export function specUrl(version: UcpVersion, page: string): string {
  if (version === FIRST_VERSION) return `https://ucp.dev/${version}/specification/${page}`;
  const shopping = /^(checkout|cart|order|catalog\/.+)$/.test(page);
  return `https://ucp.dev/${version}/specification/${shopping ? `shopping/${page}` : page === "overview" ? "overview/" : page}`;
}

export const schemaUrl = (version: UcpVersion, file: string) => `https://ucp.dev/${version}/schemas/shopping/${file}`;
export const serviceSchemaUrl = (version: UcpVersion, file: string) => `https://ucp.dev/${version}/services/shopping/${file}`;

/** The words for an agent whose profile speaks none of the shop's versions (the spec's `version_unsupported`). */
export const unsupported = (theirs: string) =>
  `Protocol version ${theirs} is not supported. This shop supports versions ${[...UCP_VERSIONS].reverse().join(" and ")}.`;

/**
 * The version a profile URL names in its path (`…/agent-profiles/2026-08-25/…`), for a local
 * server, which reads no profile: null when it names none of the shop's.
 */
export function versionInPath(profileUrl: string): UcpVersion | null {
  const segments = new URL(profileUrl).pathname.split("/");
  return UCP_VERSIONS.find((version) => segments.includes(version)) ?? null;
}
