/**
 * The browser's calls to the shop's `/api` (spec section 7): cookies always sent, a JSON
 * body only when there is one, and any non-OK answer fails with `"{status}: {body}"`
 * (or the status text when the body is empty), as spec section 8 says.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/**
 * The page's writes, one after the other. A new visitor's first write gets them a session
 * cookie; two writes sent at once (the recommendation card marking itself viewed while
 * ADD TO CART is pressed) would each get a session of their own, and the cart line would
 * stay in whichever session's cookie lost. In turn, the second write carries the first's.
 */
let writes: Promise<unknown> = Promise.resolve();

function send(method: string, path: string, init: RequestInit): Promise<Response> {
  if (method === "GET") return fetch(path, init);
  const sent = writes.then(() => fetch(path, init));
  writes = sent.catch(() => undefined);
  return sent;
}

export async function apiRequest<T>(
  method: "GET" | "POST" | "PATCH" | "DELETE",
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await send(method, path, {
    method,
    credentials: "include",
    headers: body === undefined ? headers : { ...headers, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    const text = await response.text();
    throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`);
  }
  const text = await response.text();
  return (text === "" ? null : JSON.parse(text)) as T;
}
