/** @jsxImportSource hono/jsx */
/**
 * The owner's back office at /admin: a Hono app mounted by workers/server.ts, answering
 * with plain server-rendered pages and real forms (no client JavaScript). In the order a
 * request meets it: every answer private, no-store and noindex, with the pages' CSP; 404
 * for every path while no ADMIN_PASSWORD secret is set; the sign-in pages; then only for a
 * signed-in owner, the pages, each calling one function of workers/shop/backoffice.ts.
 *
 * The shop's guards run before it (workers/server.ts): cross-site posts are refused and
 * bodies are limited to 16 KiB, as everywhere. It is never in the page cache or the sitemap.
 */
import { Hono, type Context, type MiddlewareHandler } from "hono";
import type { Session, SessionStorage } from "react-router";
import * as v from "valibot";
import { isShopError, STATUS_OF_KIND } from "../../app/shared/errors";
import { AdminProductSchema, ApplicationReviewSchema, DateRangeSchema, SignInSchema } from "../../app/shared/schemas";
import { createDatabase } from "../db/client";
import { APPLICATION_STATUSES, ORDER_STATUSES, type ApplicationStatus, type OrderStatus } from "../db/schema";
import { pageSecurityHeaders } from "../edge/security-headers";
import type { AppEnv } from "../request-context";
import * as office from "../shop/backoffice";
import { PROGRAMMES, type Programme } from "../../app/shared/programmes";
import { createOutbox } from "../shop/outbox";
import { isLiveOwner, isOwnerPassword, newOwnerSession, ownerSessions, type OwnerSession } from "./auth";
import { csvResponse, toCsv } from "./csv";
import { plainAmount } from "../../app/shared/money";
import {
  ApplicationPage,
  ApplicationsPage,
  AuditPage,
  CatalogPage,
  EmailsPage,
  MessagePage,
  NewsletterPage,
  OrderPage,
  OrdersPage,
  OverviewPage,
  ProductPage,
  SignInPage,
} from "./pages";

type AdminEnv = {
  /**
   * ADMIN_PASSWORD is a secret (`wrangler secret put`, or `.dev.vars` locally), so `wrangler
   * types` knows it only where one is set.
   */
  Bindings: Env & { ADMIN_PASSWORD?: string };
  Variables: AppEnv["Variables"] & {
    /** The secret, once it is known to be set. */
    password: string;
    backOffice: office.BackOfficeDeps;
    owner: { storage: SessionStorage<OwnerSession>; session: Session<OwnerSession> };
  };
};
type AdminContext = Context<AdminEnv>;

/** What a finished action says on the page it leads to (`?done=`): the shop's words, never the request's. */
const NOTICES = {
  "signed-out": "You are signed out.",
  expired: "Your session has ended. Please sign in again.",
  saved: "Saved. Checkout charges the new figures at once; the shop's pages show them within a few seconds.",
  unchanged: "Nothing changed.",
  approved: "Approved. The applicant is being emailed the decision.",
  declined: "Declined. The applicant is being emailed the decision.",
  published: "Shown on /creators (within a few seconds).",
  hidden: "Hidden from /creators (within a few seconds).",
  removed: "The address was removed from the list.",
} as const;

const notice = (c: AdminContext) => NOTICES[c.req.query("done") as keyof typeof NOTICES];
const nonce = (c: AdminContext) => c.get("secureHeadersNonce");
const address = (c: AdminContext) => c.req.header("CF-Connecting-IP") ?? "unknown";

/** Every answer of the back office is the owner's alone: never stored, never indexed. */
const privateAnswers: MiddlewareHandler<AdminEnv> = async (c, next) => {
  await next();
  c.res.headers.set("Cache-Control", "private, no-store");
  c.res.headers.set("X-Robots-Tag", "noindex, nofollow");
};

/** Without the ADMIN_PASSWORD secret there is no back office: every path is a 404. */
const requireSecret: MiddlewareHandler<AdminEnv> = async (c, next) => {
  if (!c.env.ADMIN_PASSWORD) return notFoundPage(c);
  c.set("password", c.env.ADMIN_PASSWORD);
  return next();
};

const backOfficeDeps: MiddlewareHandler<AdminEnv> = async (c, next) => {
  const ctx = c.executionCtx as ExecutionContext;
  c.set("backOffice", {
    db: createDatabase(c.env.DB.withSession("first-primary")),
    outbox: createOutbox(c.env.EMAIL_QUEUE, (promise) => ctx.waitUntil(promise), c.var.log),
    address: address(c),
  });
  return next();
};

/** Past this, only a signed-in owner: anyone else is sent to the sign-in page. */
const requireOwner: MiddlewareHandler<AdminEnv> = async (c, next) => {
  const storage = await ownerSessions(c.req.raw, c.env.ADMIN_SESSIONS, c.var.password);
  const session = await storage.getSession(c.req.header("Cookie"));
  if (isLiveOwner(session.data)) {
    c.set("owner", { storage, session });
    return next();
  }
  // A session the browser still names but that has ended (8 hours, or signed out): forget it.
  if (session.id) {
    c.header("Set-Cookie", await storage.destroySession(session));
    return c.redirect("/admin/sign-in?done=expired", 303);
  }
  return c.redirect("/admin/sign-in", 303);
};

const notFoundPage = (c: AdminContext) =>
  c.html(<MessagePage nonce={nonce(c)} title="404 Page Not Found" message="There is no page at this address." />, 404);

/** The form's fields as text (a body that is not a form reads as an empty one). */
async function formFields(c: AdminContext) {
  const form = await c.req.formData().catch(() => new FormData());
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return { text, checked: (name: string) => form.get(name) === "on" };
}

/** Each failing field's first message. */
const fieldErrors = (issues: readonly v.BaseIssue<unknown>[]) =>
  Object.fromEntries(Object.entries(v.flatten(issues as [v.BaseIssue<unknown>]).nested ?? {}).map(([path, messages]) => [path, messages?.[0]]));

const pageNumber = (c: AdminContext) => {
  const page = Number(c.req.query("page") ?? "1");
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
};

const idParam = (c: AdminContext) => {
  const raw = c.req.param("id") ?? "";
  return /^\d{1,9}$/.test(raw) ? Number(raw) : null;
};

const programmeParam = (c: AdminContext): Programme | null => {
  const raw = c.req.param("programme");
  return PROGRAMMES.find((programme) => programme === raw) ?? null;
};

const isOneOf = <T extends string>(options: readonly T[], value: string | undefined): value is T => options.includes(value as T);

export function createBackOffice() {
  const admin = new Hono<AdminEnv>();
  admin.use(privateAnswers, pageSecurityHeaders, requireSecret, backOfficeDeps);

  // ------------------------------------------------------------ signing in and out

  admin.get("/sign-in", async (c) => {
    const storage = await ownerSessions(c.req.raw, c.env.ADMIN_SESSIONS, c.var.password);
    if (isLiveOwner((await storage.getSession(c.req.header("Cookie"))).data)) return c.redirect("/admin", 303);
    return c.html(<SignInPage nonce={nonce(c)} notice={notice(c)} />);
  });

  admin.post("/sign-in", async (c) => {
    const page = (status: 400 | 401 | 429, error: string) => c.html(<SignInPage nonce={nonce(c)} error={error} />, status);
    // Every attempt counts, so a guesser is stopped before the password is even compared.
    const { success } = await c.env.ADMIN_SIGNIN_LIMITER.limit({ key: address(c) });
    if (!success) {
      c.header("Retry-After", "60");
      return page(429, "Too many sign-in attempts from your address. Please wait a minute and try again.");
    }
    const { text } = await formFields(c);
    const input = v.safeParse(SignInSchema, { password: text("password") });
    if (!input.success) return page(400, input.issues[0].message);
    if (!(await isOwnerPassword(input.output.password, c.var.password))) return page(401, "That password is not right.");
    const storage = await ownerSessions(c.req.raw, c.env.ADMIN_SESSIONS, c.var.password);
    // Always a new session: never one whose id the browser brought along.
    const session = await storage.getSession();
    const data = newOwnerSession();
    session.set("owner", data.owner);
    session.set("expiresAt", data.expiresAt);
    c.header("Set-Cookie", await storage.commitSession(session));
    await office.recordEvent(c.var.backOffice, "sign-in", "back office");
    return c.redirect("/admin", 303);
  });

  admin.post("/sign-out", async (c) => {
    const storage = await ownerSessions(c.req.raw, c.env.ADMIN_SESSIONS, c.var.password);
    const session = await storage.getSession(c.req.header("Cookie"));
    if (isLiveOwner(session.data)) await office.recordEvent(c.var.backOffice, "sign-out", "back office");
    c.header("Set-Cookie", await storage.destroySession(session));
    return c.redirect("/admin/sign-in?done=signed-out", 303);
  });

  admin.use(requireOwner);

  // ------------------------------------------------------------ overview

  admin.get("/", async (c) => c.html(<OverviewPage nonce={nonce(c)} notice={notice(c)} overview={await office.overview(c.var.backOffice)} />));

  // ------------------------------------------------------------ orders

  const ordersPage = async (c: AdminContext, range: { from: string; to: string; errors: Record<string, string | undefined> }, status: 200 | 400 = 200) => {
    const orderStatus = isOneOf(ORDER_STATUSES, c.req.query("status")) ? c.req.query("status") as OrderStatus : "placed";
    const page = await office.listOrders(c.var.backOffice, orderStatus, pageNumber(c));
    return c.html(<OrdersPage nonce={nonce(c)} status={orderStatus} page={page} range={range} />, status);
  };

  admin.get("/orders", (c) => {
    const today = new Date().toISOString().slice(0, 10);
    return ordersPage(c, { from: `${today.slice(0, 8)}01`, to: today, errors: {} });
  });

  admin.get("/orders.csv", async (c) => {
    const range = { from: c.req.query("from") ?? "", to: c.req.query("to") ?? "" };
    const input = v.safeParse(DateRangeSchema, range);
    if (!input.success) return ordersPage(c, { ...range, errors: fieldErrors(input.issues) }, 400);
    const status = isOneOf(ORDER_STATUSES, c.req.query("status")) ? (c.req.query("status") as OrderStatus) : "placed";
    const { orders, truncated } = await office.ordersBetween(c.var.backOffice, input.output, status);
    if (truncated) {
      const errors = { to: `More than ${office.EXPORT_LIMIT} orders in this range: please export a shorter one.` };
      return ordersPage(c, { ...range, errors }, 400);
    }
    const csv = toCsv(
      ["order", "time_utc", "status", "email", "first_name", "last_name", "address", "city", "state", "zip_code", "country", "items", "subtotal", "savings", "tax", "shipping", "total"],
      orders.map((order) => {
        const a = order.shippingAddress;
        return [
          order.id,
          order.createdAt,
          order.status,
          order.email,
          a?.firstName ?? "",
          a?.lastName ?? "",
          a?.address ?? "",
          a?.city ?? "",
          a?.state ?? "",
          a?.zipCode ?? "",
          a?.country ?? "",
          order.items,
          plainAmount(order.subtotal),
          plainAmount(order.savings),
          plainAmount(order.tax),
          plainAmount(order.shipping),
          plainAmount(order.total),
        ];
      }),
    );
    return csvResponse(csv, `orders-${input.output.from}-to-${input.output.to}.csv`);
  });

  admin.get("/orders/:id", async (c) => c.html(<OrderPage nonce={nonce(c)} order={await office.getOrder(c.var.backOffice, c.req.param("id"))} />));

  // ------------------------------------------------------------ applications

  admin.get("/applications/:programme", async (c) => {
    const programme = programmeParam(c);
    if (!programme) return notFoundPage(c);
    const status: ApplicationStatus = isOneOf(APPLICATION_STATUSES, c.req.query("status")) ? (c.req.query("status") as ApplicationStatus) : "new";
    const [counts, page] = await Promise.all([
      office.countApplications(c.var.backOffice),
      office.listApplications(c.var.backOffice, programme, status, pageNumber(c)),
    ]);
    return c.html(<ApplicationsPage nonce={nonce(c)} programme={programme} status={status} counts={counts[programme]} page={page} />);
  });

  admin.get("/applications/:programme/:id", async (c) => {
    const programme = programmeParam(c);
    const id = idParam(c);
    if (!programme || !id) return notFoundPage(c);
    const application = await office.getApplication(c.var.backOffice, programme, id);
    const review = { decision: "", note: "", publish: true, errors: {} };
    return c.html(<ApplicationPage nonce={nonce(c)} notice={notice(c)} application={application} review={review} />);
  });

  admin.post("/applications/:programme/:id/review", async (c) => {
    const programme = programmeParam(c);
    const id = idParam(c);
    if (!programme || !id) return notFoundPage(c);
    const { text, checked } = await formFields(c);
    const values = { decision: text("decision"), note: text("note"), publish: checked("publish") };
    const input = v.safeParse(ApplicationReviewSchema, values);
    const again = async (errors: Record<string, string | undefined>) => {
      const application = await office.getApplication(c.var.backOffice, programme, id);
      return c.html(<ApplicationPage nonce={nonce(c)} application={application} review={{ ...values, errors }} />, 400);
    };
    if (!input.success) return again(fieldErrors(input.issues));
    try {
      await office.reviewApplication(c.var.backOffice, programme, id, input.output);
    } catch (error) {
      if (isShopError(error) && error.kind === "invalid") return again({ form: error.message });
      throw error;
    }
    return c.redirect(`/admin/applications/${programme}/${id}?done=${input.output.decision}`, 303);
  });

  // Under the same pattern as the other application routes, so all of them fit Hono's RegExpRouter.
  admin.post("/applications/:programme/:id/publish", async (c) => {
    const id = idParam(c);
    if (programmeParam(c) !== "creator" || !id) return notFoundPage(c);
    const { text } = await formFields(c);
    const published = text("published") === "true";
    await office.setCreatorPublished(c.var.backOffice, id, published);
    return c.redirect(`/admin/applications/creator/${id}?done=${published ? "published" : "hidden"}`, 303);
  });

  // ------------------------------------------------------------ newsletter

  admin.get("/newsletter", async (c) => {
    const { count, page } = await office.listSubscribers(c.var.backOffice, pageNumber(c));
    return c.html(<NewsletterPage nonce={nonce(c)} notice={notice(c)} count={count} page={page} />);
  });

  admin.get("/newsletter.csv", async (c) => {
    const subscribers = await office.allSubscribers(c.var.backOffice);
    const csv = toCsv(["email", "signed_up_utc"], subscribers.map((s) => [s.email, s.createdAt]));
    return csvResponse(csv, `newsletter-${new Date().toISOString().slice(0, 10)}.csv`);
  });

  admin.post("/newsletter/:id/remove", async (c) => {
    const id = idParam(c);
    if (!id) return notFoundPage(c);
    await office.removeSubscriber(c.var.backOffice, id);
    return c.redirect("/admin/newsletter?done=removed", 303);
  });

  // ------------------------------------------------------------ catalog

  admin.get("/products", async (c) => c.html(<CatalogPage nonce={nonce(c)} notice={notice(c)} products={await office.listCatalog(c.var.backOffice)} />));

  admin.get("/products/:id", async (c) => {
    const id = idParam(c);
    if (!id) return notFoundPage(c);
    const product = await office.getCatalogProduct(c.var.backOffice, id);
    const form = { price: plainAmount(product.price), description: product.description, featured: product.featured, errors: {} };
    return c.html(<ProductPage nonce={nonce(c)} notice={notice(c)} product={product} form={form} />);
  });

  admin.post("/products/:id", async (c) => {
    const id = idParam(c);
    if (!id) return notFoundPage(c);
    const { text, checked } = await formFields(c);
    const values = { price: text("price"), description: text("description"), featured: checked("featured") };
    const input = v.safeParse(AdminProductSchema, values);
    if (!input.success) {
      const product = await office.getCatalogProduct(c.var.backOffice, id);
      return c.html(<ProductPage nonce={nonce(c)} product={product} form={{ ...values, errors: fieldErrors(input.issues) }} />, 400);
    }
    const changes = await office.updateProduct(c.var.backOffice, id, input.output);
    return c.redirect(`/admin/products/${id}?done=${changes.length > 0 ? "saved" : "unchanged"}`, 303);
  });

  // ------------------------------------------------------------ what happened

  admin.get("/emails", async (c) => c.html(<EmailsPage nonce={nonce(c)} page={await office.listEmails(c.var.backOffice, pageNumber(c))} />));

  admin.get("/audit", async (c) => c.html(<AuditPage nonce={nonce(c)} page={await office.listAudit(c.var.backOffice, pageNumber(c))} />));

  admin.all("*", notFoundPage);

  admin.onError((error, c) => {
    if (isShopError(error)) {
      const status = STATUS_OF_KIND[error.kind];
      return c.html(<MessagePage nonce={nonce(c)} title={status === 404 ? "404 Page Not Found" : "That did not work"} message={error.message} />, status);
    }
    c.var.log("admin_failure", { method: c.req.method, path: c.req.path, status: 500, error: String(error) });
    return c.html(<MessagePage nonce={nonce(c)} title="Something went wrong" message="Something went wrong on our side. Please try again." />, 500);
  });

  return admin;
}
