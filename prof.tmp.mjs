import autocannon from "autocannon";
const [path, seconds = "5"] = process.argv.slice(2);
const ws = new WebSocket("ws://127.0.0.1:9339/ws", { headers: { Origin: "https://devtools.devprod.cloudflare.dev" } });
let id = 0; const pending = new Map();
const send = (method, params = {}) => new Promise((res) => { const i = ++id; pending.set(i, res); ws.send(JSON.stringify({ id: i, method, params })); });
ws.onmessage = (m) => { const d = JSON.parse(m.data); if (d.id && pending.has(d.id)) { pending.get(d.id)(d.result); pending.delete(d.id); } };
await new Promise((r, j) => { ws.onopen = r; ws.onerror = (e) => { console.log("ws error", e.message ?? e); j(e); }; ws.onclose = (e) => console.log("closed", e.code, e.reason); });
await send("Profiler.enable");
await send("Profiler.setSamplingInterval", { interval: 100 });
// warm
await autocannon({ url: "http://127.0.0.1:8804" + path, connections: 10, duration: 2 });
await send("Profiler.start");
const r = await autocannon({ url: "http://127.0.0.1:8804" + path, connections: 10, duration: Number(seconds) });
const { profile } = await send("Profiler.stop");
ws.close();
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map(); const total = profile.samples.length;
for (const s of profile.samples) { const n = byId.get(s); const f = n.callFrame; const key = `${f.functionName || "(anon)"} ${f.url.split("/").slice(-2).join("/")}:${f.lineNumber}`; self.set(key, (self.get(key) ?? 0) + 1); }
// inclusive by function name
const parent = new Map(); for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const incl = new Map();
for (const s of profile.samples) { const seen = new Set(); let cur = s; while (cur !== undefined) { const n = byId.get(cur); const f = n.callFrame; const key = `${f.functionName || "(anon)"} ${f.url.split("/").slice(-1)[0]}:${f.lineNumber}`; if (!seen.has(key)) { incl.set(key, (incl.get(key) ?? 0) + 1); seen.add(key); } cur = parent.get(cur); } }
console.log(`req/s ${r.requests.average}, samples ${total}, idle ${(self.get("(idle) :-1") ?? 0)}`);
console.log("--- self");
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(String(v).padStart(6), (100 * v / total).toFixed(1).padStart(5) + "%", k);
console.log("--- inclusive");
for (const [k, v] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(String(v).padStart(6), (100 * v / total).toFixed(1).padStart(5) + "%", k);
