/** @jsxImportSource hono/jsx */
/** What happened: every email the shop sent or failed to send (one opened, read again, resent), and the audit trail. */
import { Hono } from "hono";
import { isShopError } from "../../../app/shared/errors";
import { listAudit, listEmails, type AuditEntry, type EmailRecord } from "../../shop/backoffice/activity";
import { openEmail, resendEmail, type OpenedEmail } from "../../shop/backoffice/emails";
import type { Page } from "../../shop/backoffice/shared";
import { WHEN_AN_EMAIL_KEEPS_FAILING } from "../../shop/emails/outbox";
import { frame, idParam, notFoundPage, pageNumber, type AdminContext, type AdminEnv } from "../http";
import { emailStatusLabel, FormError, Layout, Pager, Table, when, type Frame } from "../views";

const emailHref = (id: number) => `/admin/emails/${id}`;

async function emailPage(c: AdminContext, id: number, error?: string) {
  const opened = await openEmail(c.var.backOffice, id);
  return c.html(<EmailPage {...frame(c)} opened={opened} error={error} />, error ? 409 : 200);
}

export const activityPages = new Hono<AdminEnv>()
  .get("/emails", async (c) => c.html(<EmailsPage {...frame(c)} page={await listEmails(c.var.backOffice, pageNumber(c))} />))
  .get("/emails/:id", async (c) => {
    const id = idParam(c);
    return id === null ? notFoundPage(c) : emailPage(c, id);
  })
  .post("/emails/:id/resend", async (c) => {
    const id = idParam(c);
    if (id === null) return notFoundPage(c);
    try {
      await resendEmail(c.var.backOffice, id, new URL(c.req.url).origin);
    } catch (error) {
      if (isShopError(error) && error.kind === "conflict") return emailPage(c, id, error.message);
      throw error;
    }
    return c.redirect(`${emailHref(id)}?done=resent`, 303);
  })
  .get("/audit", async (c) => c.html(<AuditPage {...frame(c)} page={await listAudit(c.var.backOffice, pageNumber(c))} />));

function EmailsPage({ nonce, page }: Frame & { page: Page<EmailRecord> }) {
  return (
    <Layout title="Emails" nonce={nonce} section="/admin/emails">
      <p class="muted">
        What the shop sent or failed to send through Cloudflare Email Service, by status. {WHEN_AN_EMAIL_KEEPS_FAILING} Open an email's subject to read it or
        send it again.
      </p>
      {page.rows.length === 0 ? (
        <p>No emails yet.</p>
      ) : (
        <Table label="Emails" columns={["Last attempt", "Status", "To", "Subject", { label: "Attempts", numeric: true }, "Error"]}>
          {page.rows.map((email) => (
            <tr>
              <td>{when(email.updatedAt)}</td>
              <td>{emailStatusLabel(email.status)}</td>
              <td>{email.recipient}</td>
              <td>
                <a href={emailHref(email.id)}>{email.subject}</a>
              </td>
              <td class="num">{email.attempts}</td>
              <td class="muted">{email.error ?? ""}</td>
            </tr>
          ))}
        </Table>
      )}
      <Pager page={page} href={(n) => `/admin/emails?page=${n}`} />
    </Layout>
  );
}

/** One email: its record, what it says (read again from today's data), and the resend. */
function EmailPage({ nonce, notice, opened, error }: Frame & { opened: OpenedEmail; error: string | undefined }) {
  const { record, email, noResend, resendOf } = opened;
  return (
    <Layout title={record.subject} nonce={nonce} notice={notice} section="/admin/emails">
      <p>
        <a href="/admin/emails">All emails</a>
      </p>
      <dl>
        <dt>Status</dt>
        <dd>{emailStatusLabel(record.status)}</dd>
        <dt>To</dt>
        <dd>{record.recipient}</dd>
        <dt>First queued</dt>
        <dd>{when(record.createdAt)}</dd>
        <dt>Last attempt</dt>
        <dd>{when(record.updatedAt)}</dd>
        <dt>Attempts</dt>
        <dd>{record.attempts}</dd>
        {record.error ? (
          <>
            <dt>Error</dt>
            <dd>{record.error}</dd>
          </>
        ) : null}
        {resendOf ? (
          <>
            <dt>Resent from</dt>
            <dd>
              <a href={emailHref(resendOf)}>the original email</a>
            </dd>
          </>
        ) : null}
      </dl>

      <h2 id="text">What it says</h2>
      <p class="notice">
        Re-rendered from today's data: the shop never stores an email's text, so this is the email as the queue would write it now (an order's or application's
        changes since show here). Links that act for the shopper (their order's page, downloads, a confirmation) are left out.
      </p>
      {email ? (
        <>
          <p class="muted">
            To {email.to}. Subject: {email.subject}
          </p>
          <pre class="pre" aria-labelledby="text">
            {email.text}
          </pre>
        </>
      ) : (
        <p>Nothing to show: what this email was about no longer exists.</p>
      )}

      <h2>Send it again</h2>
      <FormError message={error} />
      {noResend ? (
        <p>{noResend}</p>
      ) : (
        <div class="moves">
          <form method="post" action={`${emailHref(record.id)}/resend`} class="panel">
            <p>
              Queues it again as a new email to {email?.to}, written from today's data: sent once, and counted under the daily cap of an address that has not
              confirmed it is its owner's. The one sent before stays as it was. A resent order confirmation carries no download links (the shop keeps only their
              hashes); the order's page lists them.
            </p>
            <button type="submit">Resend this email</button>
          </form>
        </div>
      )}
    </Layout>
  );
}

function AuditPage({ nonce, page }: Frame & { page: Page<AuditEntry> }) {
  return (
    <Layout title="Audit trail" nonce={nonce} section="/admin/audit">
      <p class="muted">Every change made in the back office, every sign-in (failed and refused ones too) and every export, newest first.</p>
      {page.rows.length === 0 ? (
        <p>Nothing yet.</p>
      ) : (
        <Table label="Audit trail" columns={["Time", "What", "Of", "Change", "From"]}>
          {page.rows.map((entry) => (
            <tr>
              <td>{when(entry.createdAt)}</td>
              <td>{entry.action}</td>
              <td>{entry.subject}</td>
              <td class="pre">{entry.detail}</td>
              <td>{entry.address}</td>
            </tr>
          ))}
        </Table>
      )}
      <Pager page={page} href={(n) => `/admin/audit?page=${n}`} />
    </Layout>
  );
}
