/**
 * Every input the shop accepts, as valibot schemas with the spec's exact messages
 * (section 5). The same schema validates a form in the browser (Conform), the form's
 * action on the server, and the matching `/api` route: one rule, one message.
 */
export * from "./shopping";
export * from "./applications";
export * from "./back-office";
export * from "./partners";
