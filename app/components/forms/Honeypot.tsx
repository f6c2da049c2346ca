/**
 * A field people never see and bots love to fill. Every partner and newsletter form
 * carries it; a submission with it filled is not stored.
 *
 * Decision: a caught bot is answered exactly like a person who succeeded (same
 * confirmation, same toast), so it learns nothing to adapt to; nothing is stored. The
 * route actions (the forms' own posts, which is how bots submit) check it on the server;
 * with JavaScript the form checks it before calling the API, whose JSON routes have no
 * honeypot of their own.
 */
import * as css from "./forms.css";
import { HONEYPOT_FIELD } from "./honeypot-field";

export function Honeypot({ formId }: { formId: string }) {
  const id = `${formId}-${HONEYPOT_FIELD}`;
  return (
    <div className={css.honeypot} aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} type="text" name={HONEYPOT_FIELD} form={formId} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
