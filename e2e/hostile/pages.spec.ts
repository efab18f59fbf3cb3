import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { Agent } from "node:http";
import { expect, test } from "../support/fixtures";
import { APP_SERVER } from "../support/origins";
import { sendRaw } from "../support/raw-http";
import { appLogName, serverLogPath } from "../support/servers";

/*
 * Pages take GET and HEAD only (docs/security.md, "Route input"): the proxy refuses any other
 * method before Next renders, and Next keeps no more than 1 KiB of a body it passes through the
 * proxy (experimental.proxyClientMaxBodySize, next.config.mjs) where it used to keep 10 MB.
 */

const NINE_MB = 9 * 1024 * 1024;

test.describe("hostile input: pages take GET and HEAD only", () => {
  test("any other method on a page is 405 with Allow: GET, HEAD, in the Error shape", async ({ request }) => {
    for (const path of ["/", "/a-page-that-does-not-exist", "/icon.svg"]) {
      for (const method of ["POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
        const response = await request.fetch(`${APP_SERVER}${path}`, { method, data: "x=1", headers: { "content-type": "application/x-www-form-urlencoded" } });
        expect(response.status(), `${method} ${path}`).toBe(405);
        expect(response.headers()["allow"]).toBe("GET, HEAD");
        expect(response.headers()["cache-control"]).toBe("private, no-store");
        expect(response.headers()["x-content-type-options"]).toBe("nosniff");
        expect(await response.json()).toEqual({ error: { code: "METHOD_NOT_ALLOWED", message: expect.any(String) } });
      }
    }
    expect((await request.get(`${APP_SERVER}/`)).status()).toBe(200);
    expect((await request.head(`${APP_SERVER}/`)).status()).toBe(200);
  });

  test("six 9 MB POSTs to a page at once are each 405, and Next keeps only their first KiB", async () => {
    // A path of this test's own, to find Next's note of each body it stopped keeping in the app's log.
    const path = `/?burst=${randomUUID()}`;
    const post = () =>
      sendRaw(`${APP_SERVER}${path}`, {
        headers: { "content-type": "application/octet-stream", "content-length": String(NINE_MB) },
        chunks: Array.from({ length: 9 }, () => Buffer.alloc(1024 * 1024, "a")),
        agent: new Agent(),
      });
    const answers = await Promise.all(Array.from({ length: 6 }, post));
    expect(answers.map((answer) => answer.status)).toEqual([405, 405, 405, 405, 405, 405]);
    expect(JSON.parse(answers[0]!.body)).toMatchObject({ error: { code: "METHOD_NOT_ALLOWED" } });
    // Next's own words (Next 16) when a body passes the limit: the rest is read and dropped, not kept.
    const log = serverLogPath(appLogName(Number(new URL(APP_SERVER).port)));
    const notes = () => readFileSync(log, "utf8").split(`Request body exceeded 1KB for ${path}.`).length - 1;
    await expect.poll(notes).toBe(6);
  });
});
