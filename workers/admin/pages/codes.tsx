/** @jsxImportSource hono/jsx */
/**
 * Discount codes: the list by source (the owner's, the newsletter's welcome codes, partners'),
 * each with its terms, uses and what it brought; a code to create or edit, pause or resume,
 * or delete while never used; and the newsletter welcome code's percent. Their logic:
 * workers/shop/backoffice/codes.ts.
 */
import { Hono } from "hono";
import { isShopError, type ShopError } from "../../../app/shared/errors";
import { formatPrice } from "../../../app/shared/money";
import { CodeTermsSchema, NewCodeSchema, utcText, valueText, WelcomeSchema } from "../../shop/backoffice/code-form";
import {
  broughtBy,
  CODE_SOURCES,
  createCode,
  deleteCode,
  getCode,
  listCodes,
  productChoices,
  productsText,
  setCodeStatus,
  setWelcomeCodePercent,
  updateCode,
  usedCodeIds,
  welcomeCodePercent,
  type CodeRecord,
  type CodeSales,
  type CodeSource,
  type CodeSummary,
  type ProductChoice,
} from "../../shop/backoffice/codes";
import type { Page } from "../../shop/backoffice/shared";
import { frame, idParam, notFoundPage, pageNumber, queryChoice, readForm, type AdminContext, type AdminEnv } from "../http";
import { FieldError, FormError, Layout, Pager, Table, type Errors, type Frame } from "../views";
import { BLANK_FORM, CodeFields, formOf, typedForm, type CodeForm } from "./code-form";

/** The list's tabs: whose codes. */
const SOURCE_LABELS: Record<CodeSource, string> = { owner: "Your codes", newsletter: "Newsletter welcome codes", partner: "Partners' codes" };
const SOURCE_HELP: Record<CodeSource, string> = {
  owner: "Codes you made. A code that was used can be paused, never deleted.",
  newsletter: "One code per confirmed newsletter address, bound to it and good for one order.",
  partner: "Partners' own codes for their audience.",
};

/** A refusal of the shop's (a code taken, a product gone) beside its field, or above the form. */
const errorsOf = (error: ShopError): Errors =>
  error.issues.length > 0 ? Object.fromEntries(error.issues.map((issue) => [issue.path, issue.message])) : { form: error.message };

const sourceOf = (c: AdminContext) => queryChoice(c, "source", CODE_SOURCES, "owner");

type Welcome = { percent: string; errors: Errors };

async function codesPage(c: AdminContext, { form = BLANK_FORM, welcome }: { form?: CodeForm; welcome?: Welcome }, status: 200 | 400 = 200) {
  const deps = c.var.backOffice;
  const source = sourceOf(c);
  const [{ count, page }, products, percent] = await Promise.all([listCodes(deps, source, pageNumber(c)), productChoices(deps), welcomeCodePercent(deps)]);
  const { nonce, notice } = frame(c);
  return c.html(
    <CodesPage
      nonce={nonce}
      notice={status === 200 ? notice : undefined}
      source={source}
      count={count}
      page={page}
      products={products}
      form={form}
      welcome={welcome ?? { percent: String(percent), errors: {} }}
    />,
    status,
  );
}

async function codePage(c: AdminContext, id: number, { form, deleteError }: { form?: CodeForm; deleteError?: string } = {}, status: 200 | 400 = 200) {
  const deps = c.var.backOffice;
  const [code, products] = await Promise.all([getCode(deps, id), productChoices(deps)]);
  const [used, brought] = await Promise.all([usedCodeIds(deps, [id]), broughtBy(deps, code.code)]);
  const { nonce, notice } = frame(c);
  return c.html(
    <CodePage
      nonce={nonce}
      notice={status === 200 ? notice : undefined}
      code={code}
      brought={brought}
      used={used.has(id)}
      products={products}
      form={form ?? formOf(code, code.code)}
      deleteError={deleteError}
    />,
    status,
  );
}

export const codePages = new Hono<AdminEnv>()
  .get("/codes", (c) => codesPage(c, {}))
  .post("/codes", async (c) => {
    const form = await readForm(c, NewCodeSchema);
    if (form.errors) return codesPage(c, { form: typedForm(form.typed, form.typedList, form.errors) }, 400);
    try {
      await createCode(c.var.backOffice, form.value);
    } catch (error) {
      if (!isShopError(error) || error.kind === "not_found") throw error;
      return codesPage(c, { form: formOf(form.value, form.value.code, errorsOf(error)) }, 400);
    }
    return c.redirect("/admin/codes?done=code-created", 303);
  })
  .post("/welcome-code", async (c) => {
    const form = await readForm(c, WelcomeSchema);
    if (form.errors) return codesPage(c, { welcome: { percent: form.typed("percent"), errors: form.errors } }, 400);
    const changed = await setWelcomeCodePercent(c.var.backOffice, form.value.percent);
    return c.redirect(`/admin/codes?done=${!changed ? "unchanged" : form.value.percent === 0 ? "welcome-off" : "welcome-saved"}`, 303);
  })
  .get("/codes/:id", async (c) => {
    const id = idParam(c);
    return id ? codePage(c, id) : notFoundPage(c);
  })
  .post("/codes/:id", async (c) => {
    const id = idParam(c);
    if (!id) return notFoundPage(c);
    const form = await readForm(c, CodeTermsSchema);
    if (form.errors) return codePage(c, id, { form: typedForm(form.typed, form.typedList, form.errors) }, 400);
    try {
      const changes = await updateCode(c.var.backOffice, id, form.value);
      return c.redirect(`/admin/codes/${id}?done=${changes.length > 0 ? "code-saved" : "unchanged"}`, 303);
    } catch (error) {
      if (!isShopError(error) || error.kind === "not_found") throw error;
      return codePage(c, id, { form: formOf(form.value, "", errorsOf(error)) }, 400);
    }
  })
  .post("/codes/:id/pause", (c) => changeStatus(c, "paused"))
  .post("/codes/:id/resume", (c) => changeStatus(c, "active"))
  .post("/codes/:id/delete", async (c) => {
    const id = idParam(c);
    if (!id) return notFoundPage(c);
    try {
      await deleteCode(c.var.backOffice, id);
    } catch (error) {
      if (!isShopError(error) || error.kind === "not_found") throw error;
      return codePage(c, id, { deleteError: error.message }, 400);
    }
    return c.redirect("/admin/codes?done=code-deleted", 303);
  });

async function changeStatus(c: AdminContext, status: "active" | "paused") {
  const id = idParam(c);
  if (!id) return notFoundPage(c);
  const changed = await setCodeStatus(c.var.backOffice, id, status);
  return c.redirect(`/admin/codes/${id}?done=${!changed ? "unchanged" : status === "paused" ? "code-paused" : "code-resumed"}`, 303);
}

/** A code's limits in a few words. */
const limitsText = (code: CodeRecord) =>
  [code.maxUses !== null ? `${code.maxUses} uses` : "", code.maxUsesPerEmail !== null ? `${code.maxUsesPerEmail} per email` : ""].filter(Boolean).join(", ") ||
  "No limit";

/** A code's dates in the list, whose heading says they are UTC. */
const datesText = (code: CodeRecord) => {
  const at = (iso: string) => utcText(iso).replace(" UTC", "");
  return code.startsAt || code.endsAt
    ? [code.startsAt ? `From ${at(code.startsAt)}` : "", code.endsAt ? `Until ${at(code.endsAt)}` : ""].filter(Boolean)
    : ["Always"];
};

const STATUS_WORDS = { active: "Active", paused: "Paused" } as const;

/** Where the orders a code brought are listed. */
const ordersHref = (code: string) => `/admin/orders?code=${encodeURIComponent(code)}`;

function CodesPage({
  nonce,
  notice,
  source,
  count,
  page,
  products,
  form,
  welcome,
}: Frame & { source: CodeSource; count: number; page: Page<CodeSummary>; products: ProductChoice[]; form: CodeForm; welcome: Welcome }) {
  return (
    <Layout title="Codes" nonce={nonce} notice={notice} section="/admin/codes">
      <Refused errors={form.errors} href="#new-code" what="The code was not created" />
      <Refused errors={welcome.errors} href="#welcome" what="The welcome code was not changed" />
      <ul class="tabs" aria-label="Whose codes">
        {CODE_SOURCES.map((tab) => (
          <li>
            <a href={`/admin/codes?source=${tab}`} aria-current={tab === source ? "page" : undefined}>
              {SOURCE_LABELS[tab]}
            </a>
          </li>
        ))}
      </ul>
      <p>
        {SOURCE_HELP[source]} {count} {count === 1 ? "code" : "codes"}. Sales are net (after bundle savings and the discount, before tax and shipping) of the
        orders not cancelled.
      </p>
      {page.rows.length === 0 ? (
        <p>No codes here yet.</p>
      ) : (
        <Table
          label={SOURCE_LABELS[source]}
          columns={[
            "Code",
            "Takes off",
            { label: "Minimum", numeric: true },
            "Dates (UTC)",
            "Limits",
            "Products",
            "Status",
            { label: "Uses", numeric: true },
            { label: "Orders", numeric: true },
            { label: "Sales", numeric: true },
            { label: "Discount", numeric: true },
          ]}
        >
          {page.rows.map((code) => (
            <tr data-code={code.code}>
              <td class="nowrap">
                <a href={`/admin/codes/${code.id}`}>{code.code}</a>
                <div class="muted">{code.email ?? SOURCE_WORDS[code.source]}</div>
              </td>
              <td class="nowrap">{valueText(code)}</td>
              <td class="num">{code.minSubtotal !== null ? formatPrice(code.minSubtotal) : "None"}</td>
              <td class="nowrap">
                {datesText(code).map((line) => (
                  <div>{line}</div>
                ))}
              </td>
              <td>{limitsText(code)}</td>
              <td>{code.productIds ? productsText(code.productIds, products) : "All"}</td>
              <td>{STATUS_WORDS[code.status]}</td>
              <td class="num">{code.uses}</td>
              <td class="num">{code.orders > 0 ? <a href={ordersHref(code.code)}>{code.orders}</a> : 0}</td>
              <td class="num">{formatPrice(code.sales)}</td>
              <td class="num">{code.discount > 0 ? `−${formatPrice(code.discount)}` : formatPrice(0)}</td>
            </tr>
          ))}
        </Table>
      )}
      <Pager page={page} href={(n) => `/admin/codes?source=${source}&page=${n}`} />

      <h2 id="new-code">New code</h2>
      <FormError message={form.errors.form} />
      <CodeFields action="/admin/codes" form={form} products={products} button="Create the code" withCode />

      <h2 id="welcome">Newsletter welcome code</h2>
      <form method="post" action="/admin/welcome-code" class="panel" novalidate>
        <FormError message={welcome.errors.form} />
        <label>
          Percent off a first order
          <input
            name="percent"
            inputmode="numeric"
            value={welcome.percent}
            aria-invalid={welcome.errors.percent ? "true" : undefined}
            aria-describedby="percent-help percent-error"
          />
        </label>
        <FieldError id="percent-error" message={welcome.errors.percent} />
        <p id="percent-help" class="muted">
          Confirming the newsletter emails a single-use code of this percent, bound to that address. 0 turns it off; codes already sent stay as they were.
        </p>
        <button type="submit">Save the welcome code</button>
      </form>
    </Layout>
  );
}

/** Who made a code, as its page and the list name them. */
const SOURCE_WORDS: Record<CodeSource, string> = { owner: "Made by you", newsletter: "Newsletter welcome", partner: "A partner's" };

/** At the top of a page whose form was refused (it may be far below on a phone): what happened, and a link to the fields. */
const Refused = ({ errors, href, what }: { errors: Errors; href: string; what: string }) =>
  Object.values(errors).some(Boolean) ? (
    <p class="error" role="alert">
      {what}: <a href={href}>please correct the fields marked below</a>.
    </p>
  ) : null;

function CodePage({
  nonce,
  notice,
  code,
  brought,
  used,
  products,
  form,
  deleteError,
}: Frame & { code: CodeRecord; brought: Omit<CodeSales, "code">; used: boolean; products: ProductChoice[]; form: CodeForm; deleteError: string | undefined }) {
  return (
    <Layout title={code.code} nonce={nonce} notice={notice} section="/admin/codes">
      <Refused errors={form.errors} href="#terms" what="The code was not changed" />
      <FormError message={deleteError} />
      <p>
        <a href={`/admin/codes?source=${code.source}`}>Back to the codes</a> · <a href={ordersHref(code.code)}>Orders with this code</a>
      </p>
      <dl>
        <dt>Status</dt>
        <dd>{STATUS_WORDS[code.status]}</dd>
        <dt>Source</dt>
        <dd>{SOURCE_WORDS[code.source]}</dd>
        {code.email ? (
          <>
            <dt>For</dt>
            <dd>{code.email}</dd>
          </>
        ) : null}
        <dt>Uses</dt>
        <dd>{code.uses}</dd>
        <dt>Orders (not cancelled)</dt>
        <dd>{brought.orders}</dd>
        <dt>Net sales</dt>
        <dd>{formatPrice(brought.sales)}</dd>
        <dt>Discount given</dt>
        <dd>{brought.discount > 0 ? `−${formatPrice(brought.discount)}` : formatPrice(0)}</dd>
        <dt>Changed</dt>
        <dd>{utcText(code.updatedAt.replace(" ", "T"))}</dd>
      </dl>

      <h2 id="terms">Terms</h2>
      <FormError message={form.errors.form} />
      <CodeFields action={`/admin/codes/${code.id}`} form={form} products={products} button="Save" />

      <h2>{code.status === "active" ? "Pause" : "Resume"}</h2>
      <form method="post" action={`/admin/codes/${code.id}/${code.status === "active" ? "pause" : "resume"}`} class="panel">
        <p class="muted">
          {code.status === "active"
            ? "A paused code takes nothing off: a shopper who applies it is told it is not available right now."
            : "Resumed, the code applies again on its terms."}
        </p>
        <button type="submit">{code.status === "active" ? "Pause the code" : "Resume the code"}</button>
      </form>

      <h2>Delete</h2>
      {used ? (
        <p>This code was used, so it stays for the orders that name it: pause it to stop it taking anything off.</p>
      ) : (
        <form method="post" action={`/admin/codes/${code.id}/delete`} class="panel">
          <p class="muted">No order has used this code. Deleted, it is gone: a shopper who applies it is told the shop does not know it.</p>
          <button type="submit" class="quiet">
            Delete the code
          </button>
        </form>
      )}
    </Layout>
  );
}
