/**
 * The honeypot's field (see Honeypot.tsx) and the check for it, apart from the component
 * and its styles so that the page actions' server code reads it on its own.
 */

/** A name autofill does not recognise, so browsers leave it empty for people. */
export const HONEYPOT_FIELD = "company_fax";

export const honeypotFilled = (formData: FormData) => {
  const value = formData.get(HONEYPOT_FIELD);
  return typeof value === "string" ? value.trim() !== "" : value !== null;
};
