/**
 * The partner's own page, server side (issue 34, item 6): only for a signed-in partner (anyone
 * else is sent to /login), read for the partner their session names and no other. Its forms:
 * the payout method (an affiliate's application asks for none), and signing out (the session
 * is deleted from KV, the cookie cleared). The route module and the worker tests' stand-in
 * pages (tests/worker/entry.tsx) both call these.
 */
import { redirect, type RouterContextProvider } from "react-router";
import { formAction, type PageActionArgs } from "~/components/forms/page-action.server";
import { getPartnerSessions, getShop } from "~/context.server";
import { PartnerPageSchema } from "~/shared/schemas";
import { SIGN_IN_PAGE, SIGNED_OUT_PAGE } from "~/components/partners/words";

/** The signed-in partner's id, or a redirect to /login (thrown, as React Router takes it). */
async function signedInPartner(context: Readonly<RouterContextProvider>): Promise<number> {
  const partnerId = await getPartnerSessions(context).partnerId();
  if (partnerId === null) throw redirect(SIGN_IN_PAGE);
  return partnerId;
}

/** The page's data: the partner's link (at the shop's address as they reached it), code and figures. */
export async function loadPartnerPage({ request, context }: PageActionArgs) {
  const partnerId = await signedInPartner(context);
  const portal = await getShop(context).partners.partnerPortal(partnerId);
  // Signed in, but no such partner any more: the session is ended.
  if (!portal) throw redirect(SIGN_IN_PAGE, { headers: { "Set-Cookie": await getPartnerSessions(context).end() } });
  return { ...portal, link: `${new URL(request.url).origin}/r/${portal.handle}` };
}

export type PartnerPageData = Awaited<ReturnType<typeof loadPartnerPage>>;

/** What the page's action answers besides Conform's reply: whether the payout method was saved. */
export type PartnerPageOutcome = { saved: boolean };

export async function partnerPageAction(args: PageActionArgs) {
  const partnerId = await signedInPartner(args.context);
  return formAction<typeof PartnerPageSchema, PartnerPageOutcome>({
    ...args,
    schema: PartnerPageSchema,
    idle: { saved: false },
    failureMessage: "Sorry, we couldn't save that just now. Please try again.",
    perform: async (value) => {
      if (value.intent === "sign-out") return redirect(SIGNED_OUT_PAGE, { headers: { "Set-Cookie": await getPartnerSessions(args.context).end() } });
      await getShop(args.context).partners.setPayoutMethod(partnerId, { method: value.method, details: value.details });
      return { saved: true };
    },
  });
}
