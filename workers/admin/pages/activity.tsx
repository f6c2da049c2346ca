/** @jsxImportSource hono/jsx */
/** What happened: every email the shop sent or failed to send, and the audit trail. */
import { Hono } from "hono";
import { listAudit, listEmails, type AuditEntry, type EmailRecord } from "../../shop/backoffice/activity";
import type { Page } from "../../shop/backoffice/shared";
import { WHEN_AN_EMAIL_KEEPS_FAILING } from "../../shop/outbox";
import { frame, pageNumber, type AdminEnv } from "../http";
import { emailStatusLabel, Layout, Pager, Table, when, type Frame } from "../views";

export const activityPages = new Hono<AdminEnv>()
  .get("/emails", async (c) => c.html(<EmailsPage {...frame(c)} page={await listEmails(c.var.backOffice, pageNumber(c))} />))
  .get("/audit", async (c) => c.html(<AuditPage {...frame(c)} page={await listAudit(c.var.backOffice, pageNumber(c))} />));

function EmailsPage({ nonce, page }: Frame & { page: Page<EmailRecord> }) {
  return (
    <Layout title="Emails" nonce={nonce} section="/admin/emails">
      <p class="muted">What the shop sent or failed to send through Cloudflare Email Service, by status. {WHEN_AN_EMAIL_KEEPS_FAILING}</p>
      {page.rows.length === 0 ? (
        <p>No emails yet.</p>
      ) : (
        <Table label="Emails" columns={["Last attempt", "Status", "To", "Subject", { label: "Attempts", numeric: true }, "Error"]}>
          {page.rows.map((email) => (
            <tr>
              <td>{when(email.updatedAt)}</td>
              <td>{emailStatusLabel(email.status)}</td>
              <td>{email.recipient}</td>
              <td>{email.subject}</td>
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
