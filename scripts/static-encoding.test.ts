import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import http, { type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { chooseEncoding, precompressStatic, serveStaticFirst } from "./static-encoding.mjs";

/*
 * The static chunks with no proxy in front: a build's static folder in miniature, compressed as
 * `npm run build` does, behind a server made as Next makes its own, with a stand-in for Next's
 * handler that answers "next" to whatever the static listener leaves to it.
 */

const CHUNK = `(globalThis.chunks ??= []).push(${JSON.stringify("a module of the page ".repeat(400))});\n`;
const CSS = `.stage { display: grid; }\n`.repeat(100);

let root: string;
let server: http.Server;
let port: number;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), "static-encoding-"));
  const dir = path.join(root, "static");
  mkdirSync(path.join(dir, "chunks"), { recursive: true });
  mkdirSync(path.join(dir, "media"));
  writeFileSync(path.join(dir, "chunks", "0a1b2c.js"), CHUNK);
  writeFileSync(path.join(dir, "chunks", "3d4e5f.css"), CSS);
  // Too short to shrink, and a font, already compressed: neither gets a copy.
  writeFileSync(path.join(dir, "chunks", "tiny.js"), "0");
  writeFileSync(path.join(dir, "media", "font.woff2"), "wOF2 already compressed");
  // A file outside the static folder that a path with ../ would name.
  writeFileSync(path.join(root, "secret.js"), "the server's own file ".repeat(100));
  precompressStatic(dir);

  const fakeHttp = { createServer: http.createServer.bind(http) };
  serveStaticFirst(fakeHttp, dir);
  server = fakeHttp.createServer((_request: http.IncomingMessage, response: http.ServerResponse) => response.end("next")) as http.Server;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

/** The raw answer, bytes as they came on the wire (fetch would decompress them). */
function get(pathname: string, headers: Record<string, string> = {}, method = "GET"): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, path: pathname, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on("error", reject);
    request.end();
  });
}

describe("the build's compressed copies", () => {
  it("are written beside each text file that they shrink, and nowhere else", () => {
    const names = readdirSync(path.join(root, "static"), { recursive: true }).map(String).sort();
    expect(names).toEqual(["chunks", "chunks/0a1b2c.js", "chunks/0a1b2c.js.br", "chunks/0a1b2c.js.gz", "chunks/3d4e5f.css", "chunks/3d4e5f.css.br", "chunks/3d4e5f.css.gz", "chunks/tiny.js", "media", "media/font.woff2"].map((name) => name.split("/").join(path.sep)));
  });
});

describe("a static chunk is answered in the encoding the request accepts", () => {
  it("brotli first, with bytes that decompress to the file", async () => {
    const answer = await get("/_next/static/chunks/0a1b2c.js", { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.body.length).toBeLessThan(CHUNK.length / 10);
    expect(answer.headers["content-length"]).toBe(String(answer.body.length));
    expect(brotliDecompressSync(answer.body).toString()).toBe(CHUNK);
  });

  it("gzip when brotli is not accepted, or refused with q=0", async () => {
    for (const accept of ["gzip, deflate", "br;q=0, gzip"]) {
      const answer = await get("/_next/static/chunks/3d4e5f.css", { "Accept-Encoding": accept });
      expect(answer.headers["content-encoding"]).toBe("gzip");
      expect(gunzipSync(answer.body).toString()).toBe(CSS);
    }
  });

  it("the file as it is when no encoding is accepted", async () => {
    for (const headers of [{}, { "Accept-Encoding": "identity" }, { "Accept-Encoding": "br;q=0, gzip;q=0" }] as Record<string, string>[]) {
      const answer = await get("/_next/static/chunks/0a1b2c.js", headers);
      expect(answer.headers["content-encoding"]).toBeUndefined();
      expect(answer.body.toString()).toBe(CHUNK);
    }
  });

  it("says that every answer varies by Accept-Encoding, with Next's type, caching and headers", async () => {
    for (const accept of ["br", "gzip", "identity"]) {
      const { headers } = await get("/_next/static/chunks/0a1b2c.js?dpl=1", { "Accept-Encoding": accept });
      expect(headers).toMatchObject({
        vary: "Accept-Encoding",
        "content-type": "application/javascript; charset=UTF-8",
        "cache-control": "public, max-age=31536000, immutable",
        "x-content-type-options": "nosniff",
        "referrer-policy": "no-referrer",
      });
    }
  });

  it("answers HEAD with the headers and no body", async () => {
    const answer = await get("/_next/static/chunks/0a1b2c.js", { "Accept-Encoding": "br" }, "HEAD");
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.body.length).toBe(0);
  });
});

describe("everything else is Next's to answer", () => {
  it.each([
    ["an API route", "/api/health", "GET"],
    ["a page", "/", "GET"],
    ["a file with no compressed copy", "/_next/static/chunks/tiny.js", "GET"],
    ["a font", "/_next/static/media/font.woff2", "GET"],
    ["a compressed copy asked for by its own name", "/_next/static/chunks/0a1b2c.js.br", "GET"],
    ["another method", "/_next/static/chunks/0a1b2c.js", "POST"],
    ["a path out of the static folder", "/_next/static/../secret.js", "GET"],
    ["a path out of it, encoded", "/_next/static/chunks/%2e%2e/%2e%2e/secret.js", "GET"],
    ["a path through it and back", "/_next/static/chunks/../chunks/0a1b2c.js", "GET"],
  ])("%s", async (_what, pathname, method) => {
    const answer = await get(pathname, { "Accept-Encoding": "br, gzip" }, method);
    expect(answer.body.toString()).toBe("next");
    expect(answer.headers["content-encoding"]).toBeUndefined();
  });
});

describe("choosing an encoding (RFC 9110 12.5.3)", () => {
  const both = ["identity", "br", "gzip"];
  it.each([
    [undefined, "identity"],
    ["", "identity"],
    ["br", "br"],
    ["GZIP", "gzip"],
    ["gzip;q=1, br;q=0.1", "br"],
    ["*", "br"],
    ["*;q=0, gzip", "gzip"],
    ["br;q=0", "identity"],
    ["br;q=nonsense, gzip", "gzip"],
  ])("%j → %s", (header, expected) => {
    expect(chooseEncoding(header, both)).toBe(expected);
  });

  it("gives only an encoding the file has a copy in", () => {
    expect(chooseEncoding("br, gzip", ["identity", "gzip"])).toBe("gzip");
    expect(chooseEncoding("br", ["identity", "gzip"])).toBe("identity");
  });
});
