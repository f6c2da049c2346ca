/** @jsxImportSource hono/jsx */
/**
 * The back office's frame and shared pieces: plain server-rendered HTML (hono/jsx escapes
 * every value), real forms, no client JavaScript at all. Its one stylesheet is inline, in
 * the shop's colours (app/shared/palette.ts), and carries the response's CSP nonce.
 */
import type { Child } from "hono/jsx";
import { BRAND_NAME, pageTitle } from "../../app/shared/constants";
import { fontStack, palette } from "../../app/shared/palette";
import type { EmailStatus } from "../shop/backoffice/emails";
import type { Page } from "../shop/backoffice/shared";

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
html{color-scheme:dark}
body{margin:0;background:${palette.page};color:${palette.ink};font:16px/1.5 ${fontStack.body}}
a{color:${palette.ink}}
a:hover{color:${palette.accent}}
:focus-visible{outline:3px solid ${palette.focus};outline-offset:2px}
header{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;align-items:center;padding:.75rem 1rem;background:${palette.surface};border-bottom:1px solid ${palette.line}}
header strong{color:${palette.accent};letter-spacing:.04em}
nav ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem;margin:0;padding:0;list-style:none}
nav a[aria-current=page]{color:${palette.accent};font-weight:700}
header form{margin-left:auto}
main{max-width:72rem;margin:0 auto;padding:1.5rem 1rem 3rem}
h1{font-size:1.75rem;margin:0 0 1rem;overflow-wrap:anywhere}
h2{font-size:1.25rem;margin:2rem 0 .75rem}
.table{overflow-x:auto;border:1px solid ${palette.line};border-radius:12px}
table{width:100%;border-collapse:collapse;font-size:.9375rem}
th,td{padding:.5rem .75rem;text-align:left;border-bottom:1px solid ${palette.line};vertical-align:top}
th{background:${palette.surfaceRaised};font-weight:600;white-space:nowrap}
tr:last-child td{border-bottom:0}
td.num,th.num{text-align:right;white-space:nowrap}
td.nowrap{white-space:nowrap}
.muted{color:${palette.inkMuted}}
.pre{white-space:pre-wrap;overflow-wrap:anywhere}
.tabs{display:flex;flex-wrap:wrap;gap:.5rem;margin:0 0 1rem;padding:0;list-style:none}
.tabs a{display:inline-block;padding:.25rem .75rem;border:1px solid ${palette.line};border-radius:999px;text-decoration:none}
.tabs a[aria-current=page]{background:${palette.accent};border-color:${palette.accent};color:${palette.accentInk}}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(13rem,1fr));gap:1rem;margin:0;padding:0;list-style:none}
.cards li{padding:1rem;background:${palette.surface};border:1px solid ${palette.line};border-radius:12px}
.cards b{display:block;font-size:1.75rem}
form.panel{display:grid;grid-template-columns:minmax(0,1fr);gap:1rem;max-width:36rem;padding:1rem;background:${palette.surface};border:1px solid ${palette.line};border-radius:12px}
form.inline{display:inline}
label{display:grid;grid-template-columns:minmax(0,1fr);gap:.25rem;font-weight:600}
label.check{display:flex;gap:.5rem;align-items:center;font-weight:400}
input,textarea,select{max-width:100%;font:inherit;font-weight:400;color:${palette.ink};background:${palette.page};border:1px solid ${palette.line};border-radius:6px;padding:.5rem}
textarea{min-height:8rem}
input[type=checkbox],input[type=radio]{width:1.1rem;height:1.1rem;accent-color:${palette.accent}}
fieldset{border:1px solid ${palette.line};border-radius:6px;display:flex;flex-wrap:wrap;gap:1rem}
button{font:inherit;font-weight:700;cursor:pointer;padding:.5rem 1rem;border-radius:999px;border:0;background:${palette.accent};color:${palette.accentInk}}
button.quiet{background:transparent;color:${palette.ink};border:1px solid ${palette.line}}
.notice{padding:.75rem 1rem;border-left:4px solid ${palette.accent};background:${palette.surfaceRaised};border-radius:6px;margin:0 0 1rem}
.error{color:#ff8fbf;font-weight:600;margin:0}
.pager{display:flex;gap:1rem;margin-top:1rem}
.moves{display:grid;gap:1rem}
.moves form.panel p,ul.formats{margin:0}
ul.formats{padding-left:1.25rem;font-size:.875rem}
ol.timeline{margin:0;padding-left:1.5rem;display:grid;gap:.75rem}
ol.timeline p{margin:.25rem 0 0;overflow-wrap:anywhere}
form[role=search]{margin-bottom:1.5rem}
ul.report{margin:0 0 1.5rem;padding:0;list-style:none;overflow-wrap:anywhere}
ul.report li{padding:.125rem 0}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.5rem 1rem;margin:0}
dt{color:${palette.inkMuted}}
dd{margin:0}
.pair{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,24rem),1fr));gap:1rem;align-items:start}
svg.chart{display:block;width:100%;height:auto;max-width:40rem}
figure{margin:0 0 1rem}figcaption{font-weight:600;margin-bottom:.25rem}
.rating.good{color:#0cce6b}.rating.needs-improvement{color:#ffa400}.rating.poor{color:#ff4e42}
@media (max-width:40rem){dl{grid-template-columns:1fr}dd{margin-bottom:.5rem}header form{margin-left:0}}
`;

export const SECTIONS = [
  { href: "/admin", label: "Overview" },
  { href: "/admin/orders", label: "Orders" },
  { href: "/admin/applications/affiliate", label: "Applications" },
  { href: "/admin/partners", label: "Partners" },
  { href: "/admin/newsletter", label: "Newsletter" },
  { href: "/admin/products", label: "Catalog" },
  { href: "/admin/stock", label: "Stock" },
  { href: "/admin/codes", label: "Codes" },
  { href: "/admin/insights", label: "Insights" },
  { href: "/admin/emails", label: "Emails" },
  { href: "/admin/audit", label: "Audit trail" },
] as const;

type LayoutProps = {
  title: string;
  nonce: string | undefined;
  /** The section the page belongs to (its nav link is marked current); none when signed out. */
  section?: (typeof SECTIONS)[number]["href"];
  notice?: string | undefined;
  children: Child;
};

export function Layout({ title, nonce, section, notice, children }: LayoutProps) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{pageTitle(`${title} (back office)`)}</title>
        {/* The shop's own icon: without a link, browsers ask for /favicon.ico. */}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* The stylesheet is this module's own constant text: nothing from input. */}
        <style nonce={nonce} dangerouslySetInnerHTML={{ __html: STYLE }} />
      </head>
      <body>
        <header>
          <strong>{BRAND_NAME.toUpperCase()} BACK OFFICE</strong>
          {section ? (
            <>
              <nav aria-label="Back office">
                <ul>
                  {SECTIONS.map((link) => (
                    <li>
                      <a href={link.href} aria-current={link.href === section ? "page" : undefined}>
                        {link.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
              <form method="post" action="/admin/sign-out">
                <button type="submit" class="quiet">
                  Sign out
                </button>
              </form>
            </>
          ) : null}
        </header>
        <main>
          <h1>{title}</h1>
          {notice ? (
            <p class="notice" role="status">
              {notice}
            </p>
          ) : null}
          {children}
        </main>
      </body>
    </html>
  );
}

/** A table's column: its heading, right-aligned for figures, or muted for an action's column. */
type Column = string | { label: string; numeric?: boolean; muted?: boolean };

/** A table that scrolls sideways on a narrow screen rather than squeezing its columns. */
export function Table({ label, columns, children }: { label: string; columns: Column[]; children: Child }) {
  return (
    <div class="table" role="region" aria-label={label} tabindex={0}>
      <table>
        <thead>
          <tr>
            {columns.map((column) =>
              typeof column === "string" ? (
                <th>{column}</th>
              ) : (
                <th class={column.numeric ? "num" : undefined}>{column.muted ? <span class="muted">{column.label}</span> : column.label}</th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** Previous and next links for a paged list; `href` builds a page's address. */
export function Pager({ page, href }: { page: Page<unknown>; href: (page: number) => string }) {
  if (page.page === 1 && !page.hasMore) return null;
  return (
    <nav class="pager" aria-label="Pages">
      {page.page > 1 ? <a href={href(page.page - 1)}>Newer</a> : null}
      <span class="muted">Page {page.page}</span>
      {page.hasMore ? <a href={href(page.page + 1)}>Older</a> : null}
    </nav>
  );
}

/** What every page is handed: the response's CSP nonce, and the notice of the action that led here. */
export type Frame = { nonce: string | undefined; notice?: string | undefined };

/** Each field's first message (`form` for the form as a whole). */
export type Errors = Record<string, string | undefined>;

/** A page that only says something: a 404, a refusal, a failure. */
export function MessagePage({ nonce, title, message, requestId }: Frame & { title: string; message: string; requestId?: string }) {
  return (
    <Layout title={title} nonce={nonce}>
      <p role="alert">{message}</p>
      {/* A failure names its request, so the owner can find its log line. */}
      {requestId ? <p>Request id: {requestId}</p> : null}
      <p>
        <a href="/admin">Back to the back office</a>
      </p>
    </Layout>
  );
}

/** A message about the whole form, above it. */
export const FormError = ({ message }: { message: string | undefined }) =>
  message ? (
    <p class="error" role="alert">
      {message}
    </p>
  ) : null;

/** A field's error, tied to its input by id. */
export const FieldError = ({ id, message }: { id: string; message: string | undefined }) =>
  message ? (
    <p class="error" id={id}>
      {message}
    </p>
  ) : null;

/** What a CSV upload did: its summary, then every line of the file in words. */
export function FileReport({ title, summary, lines }: { title: string; summary: string; lines: string[] }) {
  return (
    <section aria-labelledby="file-report">
      <h2 id="file-report">{title}</h2>
      <p class="notice" role="status">
        {summary}
      </p>
      <ul class="report">
        {lines.map((line) => (
          <li>{line}</li>
        ))}
      </ul>
    </section>
  );
}

/** The form that uploads a CSV file as `file`, with what the file must hold (`children`) under the field. */
export function CsvUploadForm({ action, button, children }: { action: string; button: string; children: Child }) {
  return (
    <form method="post" action={action} enctype="multipart/form-data" class="panel">
      <label>
        CSV file
        <input type="file" name="file" accept=".csv,text/csv" required aria-describedby="upload-help" />
      </label>
      <div id="upload-help" class="muted">
        {children}
      </div>
      <button type="submit">{button}</button>
    </form>
  );
}

/**
 * A one-line field for a code the owner types or pastes (an order number, a tracking
 * number): no autocomplete or spellcheck; marked invalid, and described by its error's id.
 */
export const CodeInput = ({
  name,
  value,
  error,
  describedBy = `${name}-error`,
  placeholder,
  maxlength = 40,
}: {
  name: string;
  value: string;
  error: string | undefined;
  describedBy?: string;
  placeholder?: string;
  maxlength?: number;
}) => (
  <input
    name={name}
    value={value}
    placeholder={placeholder}
    autocomplete="off"
    spellcheck={false}
    maxlength={maxlength}
    aria-invalid={error ? "true" : undefined}
    aria-describedby={describedBy}
  />
);

/** D1's UTC timestamp (`2026-11-25 02:11:42`) as the owner reads it. */
export const when = (timestamp: string | null) => (timestamp ? `${timestamp.slice(0, 16)} UTC` : "");

/** An email's status in the owner's words (the Overview's counts and the Emails page). */
export const EMAIL_STATUS_LABELS: Record<EmailStatus, string> = {
  sending: "Sending",
  sent: "Sent",
  failed: "Failed (will be retried)",
  dead: "Dead (gave up, never sent)",
  withheld: "Withheld (not sent)",
};

/** A status the table does not know yet still shows, by its name. */
export const emailStatusLabel = (status: string) => EMAIL_STATUS_LABELS[status as EmailStatus] ?? status;
