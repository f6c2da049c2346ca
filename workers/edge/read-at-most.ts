/**
 * Reads a stream to its end into one array, as long as it stays within `maxBytes`: null as
 * soon as it passes them (the caller then drains or cancels what is left). A request's body
 * (workers/edge/request-body.ts) and a fetched agent profile (workers/ucp/agents.ts) are
 * bounded so.
 */
export async function readAtMost(reader: ReadableStreamDefaultReader<Uint8Array>, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) return null;
    chunks.push(value);
  }
  const whole = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.byteLength;
  }
  return whole;
}
