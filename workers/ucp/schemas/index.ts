/**
 * UCP 2026-04-08 as the shop speaks it (2026-08-25's additions are made by answer-shapes.ts
 * on top of these shapes, and held by tests/worker/ucp-versions.test.ts): valibot schemas written from the spec's JSON
 * schemas (source/schemas/**, source/discovery/profile_schema.json at tag v2026-04-08):
 * the pieces and profiles (pieces.ts), the answers (answers.ts) and the requests
 * (requests.ts).
 *
 * Answers (`…Answer`) are held to the spec's shapes: the tests check every UCP answer
 * against them. Requests (`…Request`) are read loosely, as the spec asks: a field the shop
 * does not know is ignored, never refused; a field it knows, in the wrong shape, is a 400.
 */
export const UCP_VERSION = "2026-04-08";

export { BusinessProfile, Message, MessageError, PlatformProfile, Total, Totals } from "./pieces";
export * from "./answers";
export * from "./requests";
