/**
 * The order's own page's server side (app/routes/order.tsx, docs/decisions/0021): what its
 * loader reads and what its action does. The route module and the worker tests' stand-in
 * pages (tests/worker/entry.tsx) both call these.
 *
 * The shopper's cancel is a two-step confirm that needs no JavaScript: the first post
 * (`step=ask`) changes nothing and answers that the page should ask "Cancel this order?";
 * the second (`step=confirm`) cancels, when the order is not packed yet. A refusal (packed
 * meanwhile, cancelled already) is the shop's own words above the form.
 */
import * as v from "valibot";
import { formAction, type PageActionArgs, type Shop } from "~/components/forms/page-action.server";
import { CANCEL_FAILED } from "~/content/toasts";
import { getShop } from "~/context.server";
import { DOWNLOAD_FORMATS, fromSqlTime, type DownloadFormat } from "~/shared/downloads";
import { orderDownloadPath } from "~/shared/orders";

type OrderPageView = NonNullable<Awaited<ReturnType<Shop["orders"]["view"]>>>;

/** A download the order bought, as its page offers it: one link per format, or why there is none. */
export type OrderPageDownload = Omit<OrderPageView["downloads"][number], "expiresAt"> & {
  /** ISO time, UTC. */
  expiresAt: string;
  /** Whether it still serves files: live and with downloads left. */
  ready: boolean;
  files: { format: DownloadFormat; label: string; href: string }[];
};

export type OrderPage = { status: 200; order: Omit<OrderPageView, "downloads"> & { downloads: OrderPageDownload[] } } | { status: 404 };

/** What `/orders/<token>` shows; 404 for a token no placed order holds (one changed character is one). */
export async function loadOrderPage(shop: Shop, token: string, now = Date.now()): Promise<OrderPage> {
  const view = await shop.orders.view(token);
  if (!view) return { status: 404 };
  const formats = Object.keys(DOWNLOAD_FORMATS) as DownloadFormat[];
  const downloads = view.downloads.map((download) => {
    const expiresAt = fromSqlTime(download.expiresAt);
    const ready = expiresAt.getTime() > now && download.downloadsLeft > 0;
    return {
      ...download,
      expiresAt: expiresAt.toISOString(),
      ready,
      files: ready
        ? formats.map((format) => ({ format, label: DOWNLOAD_FORMATS[format].label, href: orderDownloadPath(token, download.productId, format) }))
        : [],
    };
  });
  return { status: 200, order: { ...view, downloads } };
}

/** The cancel form's one field: which of its two steps was posted. */
export const CANCEL_STEP = "step";
const CancelStepSchema = v.object({ [CANCEL_STEP]: v.picklist(["ask", "confirm"], "Please use the page's Cancel order button.") });

/** What the cancel action answers besides Conform's reply: `confirm` asks "Cancel this order?"; `cancelled` it is. */
export type CancelOutcome = { cancel: "confirm" | "cancelled" | null };

export const orderAction = ({ request, context, token }: PageActionArgs & { token: string }) =>
  formAction<typeof CancelStepSchema, CancelOutcome>({
    request,
    context,
    schema: CancelStepSchema,
    idle: { cancel: null },
    failureMessage: CANCEL_FAILED.description,
    perform: async ({ step }) => {
      if (step === "ask") {
        await getShop(context).orders.askToCancel(token);
        return { cancel: "confirm" };
      }
      // The shop's address as the shopper reached it: the cancel's email links back to this page.
      await getShop(context).orders.cancel(token, new URL(request.url).origin);
      return { cancel: "cancelled" };
    },
  });
