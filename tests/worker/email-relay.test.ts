/**
 * The shop is not a relay (contract, "Emails"; decision 0014): a sender chooses the
 * recipient of an order or application email, so nothing else in it may be theirs unless
 * it passes a strict name rule, and an address that has not proven it is its owner's gets
 * at most 3 emails a day.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DAILY_EMAILS_TO_AN_UNCONFIRMED_ADDRESS } from "../../workers/shop/emails/delivery";
import { nameForEmail, recipientKey } from "../../workers/shop/emails/recipients";
import { unique } from "./helpers";
import { deliver, emailRow, recordingMailer, shopWithOutbox, storeOrder, vendorApplication, type Sent } from "./mail";

const PHISHING = "Sam. Your account is locked: sign in at https://rawdogg-support.example/verify";

/** Every part of an email a recipient reads. */
const readable = (email: Sent) => [email.subject, email.text, email.html].join("\n");

describe("free text a sender typed reaches an email only when it passes the name rule", () => {
  it("nameForEmail accepts names: letters of any script, spaces, hyphens, apostrophes", () => {
    for (const name of ["Sam", "Mary-Jane O'Neil", "D’Angelo", "José Ñúñez", "Zoë", "Łukasz", "李小龍", "محمد", "Анна", "Nguyễn Thị"]) {
      expect(nameForEmail(name), name).toBe(name.normalize("NFKC"));
    }
    // Surrounding spaces go; stylised letters are read as the plain ones they stand for.
    expect(nameForEmail("  Sam  ")).toBe("Sam");
    expect(nameForEmail("𝐒𝐚𝐦")).toBe("Sam");
    expect(nameForEmail("A".repeat(40))).toBe("A".repeat(40));
  });

  it("nameForEmail refuses hostile text: sentences with a URL, line breaks, digits, homoglyph punctuation, bidi and invisible characters, 200 letters", () => {
    const hostile = [
      PHISHING,
      "Sam\nhttp://x",
      "Sam\r\nBcc: victim@example.org",
      "Sam http://x",
      "Sam www.rawdogg-support.example",
      "ｗｗｗ．ｅｖｉｌ．ｅｘａｍｐｌｅ", // fullwidth letters and dots: NFKC makes them www.evil.example
      "rawdogg‧support", // U+2027 hyphenation point, a dot lookalike
      "rawdogg․example", // U+2024 one dot leader
      "evil∕verify", // U+2215 division slash
      "Sam\u202Egnp.exe", // right-to-left override
      "Sam\u2066Smith\u2069", // bidi isolates
      "Sam\u200BSmith", // zero-width space
      "Sam\u00ADSmith", // soft hyphen
      "Sam\u3164", // Hangul filler: a "letter" that shows nothing
      "Call 555 0100",
      "Sam٣", // an Arabic-Indic digit
      "Sam\tSmith",
      "Sam  Smith",
      "-Sam",
      "Sam-",
      "Sam--Smith",
      "Sam.",
      "<b>Sam</b>",
      "a".repeat(200),
      "A".repeat(41),
      "",
      "   ",
    ];
    for (const text of hostile) expect(nameForEmail(text), JSON.stringify(text)).toBeNull();
    expect(nameForEmail(null)).toBeNull();
  });

  it("an order email to a stranger never carries the phishing sentence typed as a first name: the shop greets in its own words", async () => {
    const orderId = await storeOrder(`${unique("stranger")}@example.org`, PHISHING);
    const { sent, mailer } = recordingMailer();
    await deliver([{ kind: "order_confirmation", orderId }], mailer);
    expect(sent).toHaveLength(1);
    expect(readable(sent[0]!)).not.toMatch(/rawdogg-support|locked|sign in/);
    expect(sent[0]!.text.split("\n")[0]).toBe("Thanks for your order!");
    expect(sent[0]!.html).toContain("Thanks for your order!</h1>");
  });

  it("a first name that passes the rule greets by name", async () => {
    const orderId = await storeOrder(`${unique("named")}@example.org`, "Mary-Jane");
    const { sent, mailer } = recordingMailer();
    await deliver([{ kind: "order_confirmation", orderId }], mailer);
    expect(sent[0]!.text.split("\n")[0]).toBe("Thanks for your order, Mary-Jane!");
  });

  it("applications' emails never carry a name that fails the rule: creators' and affiliates' name, vendors' contactName, received and reviewed", async () => {
    const { shop, jobs } = shopWithOutbox();
    const email = () => `${unique("applicant")}@example.org`;
    const creator = await shop.applications.submitCreatorApplication({
      name: PHISHING,
      email: email(),
      socialLinks: {},
      bio: "Comedy about dating and safer sex.",
      portfolioUrls: ["https://casey.example.com"],
      paymentInfo: { paymentMethod: "paypal", accountDetails: "casey@paypal.example.com" },
    });
    await shop.applications.submitAffiliateApplication({
      name: "Sam\nhttp://x",
      email: email(),
      websiteUrl: "https://sam.example.com",
      audienceDescription: "People who like safer sex and streetwear.",
    });
    await shop.applications.submitVendorApplication(vendorApplication("Vic\u202Emoc.live", email()));
    await env.DB.prepare("UPDATE creator_applications SET status = 'approved' WHERE id = ?").bind(creator.id).run();
    const { sent, mailer } = recordingMailer();
    await deliver([...jobs, { kind: "application_reviewed", programme: "creator", applicationId: creator.id }], mailer);
    expect(sent.map((e) => e.text.split("\n")[0])).toEqual(["Thanks for applying.", "Thanks for applying.", "Thanks for applying.", "Welcome aboard!"]);
    for (const e of sent) expect(readable(e)).not.toMatch(/rawdogg-support|locked|http:\/\/x|moc|\u202E/);
  });
});

describe("at most 3 emails a day to an address that has not proven it is its owner's", () => {
  it("recipientKey counts the variants an attacker types as one address: case, +tags, Gmail's dots and googlemail", () => {
    expect(recipientKey("Sam.Smith+promo@Example.ORG")).toBe("sam.smith@example.org");
    expect(recipientKey("sam.smith@example.org")).toBe("sam.smith@example.org");
    expect(recipientKey("S.a.M.s+1@GoogleMail.com")).toBe("sams@gmail.com");
    expect(recipientKey("sams@gmail.com")).toBe("sams@gmail.com");
    expect(recipientKey("+only@example.org")).toBe("+only@example.org");
  });

  it("cap: the 4th email of the day to an unconfirmed address is not sent, and its record says why", async () => {
    const local = unique("victim");
    const variants = [`${local}@example.org`, `${local.toUpperCase()}@Example.org`, `${local}+a@example.org`, `${local}+b@EXAMPLE.ORG`];
    const orders: string[] = [];
    for (const to of variants) orders.push(await storeOrder(to));
    const { sent, mailer } = recordingMailer();
    const { result } = await deliver(
      orders.map((orderId) => ({ kind: "order_confirmation", orderId })),
      mailer,
    );
    expect(DAILY_EMAILS_TO_AN_UNCONFIRMED_ADDRESS).toBe(3);
    expect(sent).toHaveLength(3);
    // Not retried: it is withheld for good, and a redelivery sends nothing either.
    expect(result.explicitAcks).toHaveLength(4);
    const withheld = await emailRow(`order_confirmation:${orders[3]}`);
    expect(withheld).toMatchObject({ status: "withheld", recipient: variants[3], recipient_key: `${local}@example.org`, message_id: null });
    expect(withheld!.error).toMatch(/3 emails a day/);
    await deliver([{ kind: "order_confirmation", orderId: orders[3] }], mailer, 2);
    expect(sent).toHaveLength(3);
    expect(await emailRow(`order_confirmation:${orders[3]}`)).toMatchObject({ status: "withheld" });
  });

  it("the cap counts every kind of email (orders, applications) and only the last 24 hours", async () => {
    const to = `${unique("mixed")}@example.org`;
    const { shop, jobs } = shopWithOutbox();
    await shop.applications.submitAffiliateApplication({
      name: "Alex",
      email: to,
      websiteUrl: "https://alex.example.com",
      audienceDescription: "People who like streetwear.",
    });
    const first = [await storeOrder(to), await storeOrder(to)];
    const { sent, mailer } = recordingMailer();
    await deliver([...jobs, ...first.map((orderId) => ({ kind: "order_confirmation", orderId }))], mailer);
    expect(sent).toHaveLength(3);

    const fourth = await storeOrder(to);
    await deliver([{ kind: "order_confirmation", orderId: fourth }], mailer);
    expect(sent).toHaveLength(3);
    // A day later the address may be written to again.
    await env.DB.prepare("UPDATE emails SET created_at = datetime('now', '-25 hours') WHERE recipient = ? AND status = 'sent'").bind(to).run();
    const nextDay = await storeOrder(to);
    await deliver([{ kind: "order_confirmation", orderId: nextDay }], mailer);
    expect(sent).toHaveLength(4);
  });

  /** How many of `count` order confirmations to `to`, delivered at once, were sent. */
  async function sentOf(to: string, count: number) {
    const orders: string[] = [];
    for (let i = 0; i < count; i++) orders.push(await storeOrder(to));
    const { sent, mailer } = recordingMailer();
    await deliver(
      orders.map((orderId) => ({ kind: "order_confirmation", orderId })),
      mailer,
    );
    return sent.length;
  }

  it("an address confirmed through the newsletter link has proven it is its owner's: it is not capped", async () => {
    const to = `${unique("confirmed")}@example.org`;
    await env.DB.prepare("INSERT INTO newsletter_signups (email, confirmed_at) VALUES (?, CURRENT_TIMESTAMP)").bind(to).run();
    expect(await sentOf(to, 5)).toBe(5);
  });

  it("an unconfirmed newsletter signup proves nothing: the cap holds", async () => {
    const to = `${unique("unconfirmed")}@example.org`;
    await env.DB.prepare("INSERT INTO newsletter_signups (email) VALUES (?)").bind(to).run();
    expect(await sentOf(to, 4)).toBe(3);
  });
});
