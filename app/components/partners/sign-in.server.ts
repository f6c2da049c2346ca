/**
 * The partners' sign-in, server side (issue 34; docs/decisions/0026): /login's two forms (ask
 * for a link and code; type the code) and the emailed link's page, /login/<token>. The route
 * modules and the worker tests' stand-in pages (tests/worker/entry.tsx) both call these.
 *
 * Asking answers one way, whether or not the email is a partner's; a code that does not sign
 * in is one message, whatever the reason. Signing in starts a new session (its Set-Cookie) and
 * goes to /partner. A link's page changes nothing when opened (a mail scanner opens links by
 * itself): its button signs in.
 */
import { redirect } from "react-router";
import { formAction, type PageActionArgs, type Shop } from "~/components/forms/page-action.server";
import { getPartnerSessions, getShop } from "~/context.server";
import { invalidInput } from "~/shared/errors";
import { PartnerSignInSchema } from "~/shared/schemas";
import * as v from "valibot";
import { CODE_REFUSED, PARTNER_PAGE, SIGN_IN_CLOSED, SIGN_IN_FAILED } from "./words";

/** What /login's action answers besides Conform's reply: the email a link and code were asked for. */
export type SignInOutcome = { sent: string | null };

/** A new session for `partnerId`, and on to their page. */
async function signedIn(args: PageActionArgs, partnerId: number) {
  return redirect(PARTNER_PAGE, { headers: { "Set-Cookie": await getPartnerSessions(args.context).start(partnerId) } });
}

export const signInAction = (args: PageActionArgs) =>
  formAction<typeof PartnerSignInSchema, SignInOutcome>({
    ...args,
    schema: PartnerSignInSchema,
    idle: { sent: null },
    failureMessage: SIGN_IN_FAILED,
    perform: async (value) => {
      if (!getPartnerSessions(args.context).open) throw invalidInput(SIGN_IN_CLOSED);
      const partners = getShop(args.context).partners;
      if (value.intent === "email") {
        // The shop's address as the partner reached it: the emailed link leads back here.
        await partners.requestSignIn(value.email, new URL(args.request.url).origin);
        return { sent: value.email };
      }
      const partnerId = await partners.signInWithCode(value.email, value.code);
      if (partnerId === null) throw invalidInput(CODE_REFUSED);
      return signedIn(args, partnerId);
    },
  });

/** What the link's page shows: its button while the link can still sign in. */
export const loadSignInLink = async (shop: Shop, token: string) => ({ state: await shop.partners.signInLinkState(token) });

/** The link's form: its one button (the token is in the address). */
const LinkSchema = v.object({ intent: v.literal("link") });

/** The link's button: signs in, or answers that the link no longer works. */
export const signInLinkAction = (args: PageActionArgs & { token: string }) =>
  formAction<typeof LinkSchema, { state: "spent" | null }>({
    ...args,
    schema: LinkSchema,
    idle: { state: null },
    failureMessage: SIGN_IN_FAILED,
    perform: async () => {
      if (!getPartnerSessions(args.context).open) throw invalidInput(SIGN_IN_CLOSED);
      const partnerId = await getShop(args.context).partners.signInWithLink(args.token);
      return partnerId === null ? { state: "spent" } : signedIn(args, partnerId);
    },
  });
