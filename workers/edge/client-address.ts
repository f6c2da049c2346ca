/**
 * The client's address as the shop counts it: the one Cloudflare reports
 * (`CF-Connecting-IP`), an IPv6 address cut to its /64 network. One IPv6 subscriber
 * usually holds a whole /64, so counting per full address would give them 2^64 fresh
 * abuse limits (and reaction counts) for the asking.
 */
export function clientAddress(request: Request): string {
  const reported = request.headers.get("CF-Connecting-IP")?.trim() ?? "";
  if (!reported.includes(":")) return reported || "unknown";
  return `${ipv6Network(reported) ?? "unknown-ipv6"}::/64`;
}

/** The first four groups of an IPv6 address, written out in full (`2001:db8:0:0`), or null when it is not one. */
function ipv6Network(address: string): string | null {
  const [head = "", tail, extra] = address.toLowerCase().split("::");
  if (extra !== undefined) return null;
  const groups = (part: string) => (part === "" ? [] : part.split(":"));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  // An IPv4 tail (::ffff:1.2.3.4) sits in the last 32 bits, never in the /64.
  if (right.at(-1)?.includes(".")) right.splice(-1, 1, "0", "0");
  if (left.at(-1)?.includes(".")) left.splice(-1, 1, "0", "0");
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return null;
  const all = [...left, ...Array<string>(missing).fill("0"), ...right];
  if (!all.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return all
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":");
}
