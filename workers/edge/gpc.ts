/**
 * Global Privacy Control (`Sec-GPC: 1`): the visitor asks that nothing of theirs be sold or
 * shared. The insights count nothing of theirs (workers/insights/events.ts) and a partner's
 * link gives them no referral (workers/edge/referral.ts).
 */
export const underGlobalPrivacyControl = (request: Request) => request.headers.get("Sec-GPC")?.trim() === "1";
