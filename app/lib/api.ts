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

export async function apiRequest<T>(
  method: "GET" | "POST" | "PATCH" | "DELETE",
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(path, {
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
