import { connect } from "node:net";
import { networkInterfaces } from "node:os";
import { expect, test } from "../support/fixtures";
import { APP_SERVER } from "../support/origins";
import { sendRaw } from "../support/raw-http";

/*
 * The development server holds the published development secret: it listens on loopback only, and
 * a page that rebinds its own name to 127.0.0.1 (its requests carry that name in Host) is refused,
 * on pages and API routes alike (docs/security.md, "The development server").
 */

const { port } = new URL(APP_SERVER);

/** A request to the development server under `host`, as a rebinding page's browser would send it. */
const ask = (path: string, host: string, method = "GET") =>
  sendRaw(`${APP_SERVER}${path}`, { method, headers: { host, "content-type": "application/json", "x-campus-launch": "dev-launch" }, chunks: method === "POST" ? [Buffer.from("{}")] : [] });

// @dev-only: the production build leaves Host to the proxy in front, so the Chromium run skips these.
test.describe("the development server answers to its own names only @dev-only", () => {
  test("a page or an API route asked for under a foreign Host is 421 in the Error shape @dev", async () => {
    for (const [path, method] of [["/", "GET"], ["/api/me", "GET"], ["/api/auth/state", "POST"], ["/api/call/presentation/heartbeat", "POST"]] as const) {
      const answer = await ask(path, `rebound.example:${port}`, method);
      expect(answer.status, `${method} ${path}`).toBe(421);
      expect(answer.headers["cache-control"]).toBe("private, no-store");
      expect(JSON.parse(answer.body)).toEqual({ error: { code: "MISDIRECTED_REQUEST", message: expect.any(String) } });
    }
  });

  test("its own names are served, and a page takes GET and HEAD only there too @dev", async () => {
    for (const host of [`app.localhost:${port}`, `localhost:${port}`, `127.0.0.1:${port}`]) {
      expect((await ask("/", host)).status, host).toBe(200);
    }
    const post = await ask("/", `app.localhost:${port}`, "POST");
    expect(post.status).toBe(405);
    expect(post.headers["allow"]).toBe("GET, HEAD");
  });

  test("it is not reachable on the machine's other addresses @dev", async () => {
    const elsewhere = Object.values(networkInterfaces())
      .flat()
      .find((entry) => entry && !entry.internal && entry.family === "IPv4")?.address;
    test.skip(elsewhere === undefined, "this machine has no address but loopback");
    const refused = await new Promise<string>((resolve) => {
      const socket = connect(Number(port), elsewhere!, () => {
        socket.destroy();
        resolve("connected");
      });
      socket.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
    });
    expect(refused).toBe("ECONNREFUSED");
  });
});
