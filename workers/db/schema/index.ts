/**
 * The shop's D1 schema, one file per part of the shop. Money is integer cents everywhere;
 * timestamps are ISO-8601 text written by SQLite (`CURRENT_TIMESTAMP`, UTC). Lists and small
 * objects that are only ever read whole (flavours, social links) are JSON text columns.
 *
 * Change a file here, then `npm run db:generate` writes the next migration.
 */
export * from "./catalog";
export * from "./visitors";
export * from "./applications";
export * from "./orders";
export * from "./discount-codes";
export * from "./partners";
export * from "./running";
