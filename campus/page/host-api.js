// The page's calls to its own campus server (/host/*). Errors keep the server's code so that
// the page can forward INVALID_LAUNCH or APP_UNAVAILABLE to the frame unchanged.

export class HostCallError extends Error {
  constructor(code, message) {
    super(message);
    this.name = "HostCallError";
    this.code = code;
  }
}

export async function callHost(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new HostCallError("UNREACHABLE", "The campus server could not be reached");
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = data && typeof data === "object" ? data.error : undefined;
    throw new HostCallError(error?.code ?? "UNREACHABLE", error?.message ?? `The campus answered ${response.status}`);
  }
  return data;
}
