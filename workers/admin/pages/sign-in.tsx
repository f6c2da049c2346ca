/** @jsxImportSource hono/jsx */
/**
 * Signing in and out, and the gate past which only a signed-in owner goes. Sign-in attempts
 * are limited per address and, for failures, across all addresses (decision 0018); every
 * sign-in, failed or refused one and sign-out is in the audit trail.
 */
import { Hono, type MiddlewareHandler } from "hono";
import { SignInSchema } from "../../../app/shared/schemas";
import { overLimit, refusedForNow } from "../../edge/rate-limits";
import { claimSignInAttempt, recordLimitedSignIn, recordSignOut } from "../../shop/backoffice/access";
import { isLiveOwner, isOwnerPassword } from "../auth";
import { frame, readForm, type AdminEnv } from "../http";
import { FieldError, Layout, type Frame } from "../views";

const TOO_MANY_HERE = "Too many sign-in attempts from your address. Please wait a minute and try again.";
const TOO_MANY_EVERYWHERE = "Too many failed sign-ins to the back office just now. Please wait a minute and try again.";

export const signIn = new Hono<AdminEnv>()
  .get("/sign-in", async (c) => {
    if (isLiveOwner((await c.var.sessions.current()).data)) return c.redirect("/admin", 303);
    return c.html(<SignInPage {...frame(c)} />);
  })
  .post("/sign-in", async (c) => {
    const office = c.var.backOffice;
    const refuse = (status: 400 | 401 | 429, error: string) => c.html(<SignInPage {...frame(c)} error={error} />, status);
    // Every attempt from the address counts, so a guesser is stopped before the password is even compared.
    if (await overLimit(c, "admin-sign-in")) {
      await recordLimitedSignIn(office);
      return refuse(429, TOO_MANY_HERE);
    }
    const form = await readForm(c, SignInSchema);
    if (form.errors) return refuse(400, form.errors.password ?? form.errors.form ?? "");
    const attempt = await claimSignInAttempt(office);
    if (!attempt) {
      refusedForNow(c);
      return refuse(429, TOO_MANY_EVERYWHERE);
    }
    if (!(await isOwnerPassword(form.value.password, c.var.password))) return refuse(401, "That password is not right.");
    await attempt.succeeded();
    c.header("Set-Cookie", await c.var.sessions.start());
    return c.redirect("/admin", 303);
  })
  .post("/sign-out", async (c) => {
    const session = await c.var.sessions.current();
    if (isLiveOwner(session.data)) await recordSignOut(c.var.backOffice);
    c.header("Set-Cookie", await c.var.sessions.end(session));
    return c.redirect("/admin/sign-in?done=signed-out", 303);
  });

/** Past this, only a signed-in owner: anyone else is sent to the sign-in page. */
export const requireOwner: MiddlewareHandler<AdminEnv> = async (c, next) => {
  const session = await c.var.sessions.current();
  if (isLiveOwner(session.data)) return next();
  // A session the browser still names but that has ended (8 hours, or signed out): forget it.
  if (session.id) {
    c.header("Set-Cookie", await c.var.sessions.end(session));
    return c.redirect("/admin/sign-in?done=expired", 303);
  }
  return c.redirect("/admin/sign-in", 303);
};

function SignInPage({ nonce, notice, error }: Frame & { error?: string | undefined }) {
  return (
    <Layout title="Sign in" nonce={nonce} notice={notice}>
      <form method="post" action="/admin/sign-in" class="panel">
        <label>
          Password
          <input
            type="password"
            name="password"
            autocomplete="current-password"
            required
            autofocus
            aria-invalid={error ? "true" : undefined}
            aria-describedby={error ? "password-error" : undefined}
          />
        </label>
        <FieldError id="password-error" message={error} />
        <button type="submit">Sign in</button>
      </form>
    </Layout>
  );
}
