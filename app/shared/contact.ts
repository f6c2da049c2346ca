/** Where to reach the brand: one list, used by the contact, help, policy and staff pages. */
export const EMAILS = {
  support: "support@rawdogg.com",
  privacy: "privacy@rawdogg.com",
  accessibility: "accessibility@rawdogg.com",
  affiliates: "affiliates@rawdogg.com",
  creators: "creators@rawdogg.com",
  wholesale: "wholesale@rawdogg.com",
  press: "press@rawdogg.com",
  hr: "hr@rawdogg.com",
} as const;

export const SUPPORT_HOURS = "Monday to Friday, 9 am to 6 pm Eastern Time";
export const SUPPORT_REPLY_TIME = "within one business day";

/** The shop's checkout is a demo (spec section 1): said the same way wherever orders come up. */
export const DEMO_ORDER_NOTE = "Orders placed on this site are demo orders: the checkout takes no payment, no card is charged and nothing is shipped.";
