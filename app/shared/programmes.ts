/**
 * The partner programmes as the pages, the emails and the back office all name them: which
 * there are, what each is called, and how soon an application is answered (spec sections 2
 * and 3). Their copy lives in app/content/programmes.ts.
 */
export const PROGRAMMES = ["affiliate", "creator", "vendor"] as const;
/** A partner programme someone applies to. */
export type Programme = (typeof PROGRAMMES)[number];

export const PROGRAMME_NAMES: Record<Programme, string> = {
  affiliate: "affiliate program",
  creator: "content creator program",
  vendor: "wholesale vendor program",
};

/** Hours within which an affiliate or creator application is reviewed. */
export const AFFILIATE_REVIEW_HOURS = 48;
export const CREATOR_REVIEW_HOURS = 48;

/** How soon each programme answers, as a sentence's end: "We review every application within 48 hours". */
export const REVIEW_TIME: Record<Programme, string> = {
  affiliate: `within ${AFFILIATE_REVIEW_HOURS} hours`,
  creator: `within ${CREATOR_REVIEW_HOURS} hours`,
  vendor: "within 3-5 business days",
};
