import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu","--disable-background-networking","--disable-component-update","--disable-sync","--no-first-run"] });
for (const path of process.argv.slice(3)) {
  const page = await browser.newPage();
  const msgs = []; const css = [];
  page.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") msgs.push(m.text().slice(0, 200)); });
  page.on("pageerror", (e) => msgs.push("PAGEERROR " + e.message.slice(0, 200)));
  page.on("request", (r) => { if (r.url().endsWith(".css") || r.url().includes(".css#")) css.push(r.url().replace(process.argv[2], "")); });
  await page.goto(process.argv[2] + path, { waitUntil: "networkidle" });
  await page.waitForSelector("html[data-hydrated=true]", { timeout: 10000 }).catch(() => msgs.push("not hydrated"));
  const links = await page.evaluate(() => [...document.querySelectorAll("link[rel=stylesheet]")].map((l) => `${l.getAttribute("href")} media=${l.getAttribute("media")}`));
  console.log("==", path, "\n css requests:", css.join(" "), "\n links:", links.join(" | "), "\n console:", msgs.join(" || "));
  await page.screenshot({ path: `/tmp/inline-${path.replace(/\W/g, "_")}.png` });
  await page.close();
}
await browser.close();
