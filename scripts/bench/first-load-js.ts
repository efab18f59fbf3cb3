import { request } from "node:http";
import { brotliDecompressSync, gunzipSync, gzipSync, inflateSync } from "node:zlib";

/** What Chromium asks for: the first-load bytes on the wire are those a browser receives. */
const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

/** The module-capable scripts and the stylesheets a page's HTML references. */
function firstLoadFiles(html: string) {
  const scripts = new Set<string>();
  for (const match of html.matchAll(/<script([^>]*)>/g)) {
    const attributes = match[1]!;
    const src = attributes.match(/\bsrc="([^"]+)"/)?.[1];
    // `nomodule` polyfills are skipped by every browser that runs module scripts.
    if (src && !/\bnoModule\b|\bnomodule\b/.test(attributes)) scripts.add(src);
  }
  const styles = new Set<string>();
  for (const match of html.matchAll(/<link([^>]*)>/g)) {
    const href = match[1]!.match(/\bhref="([^"]+)"/)?.[1];
    if (href && /\brel="stylesheet"/.test(match[1]!)) styles.add(href);
  }
  return { scripts, styles };
}

/**
 * First-load JS of a page: every module-capable script the HTML references, fetched and gzipped (default level),
 * summed. The same measure is applied to the app page and to an empty Next.js page.
 */
export async function measureFirstLoadJs(origin: string, path = "/", headers: Record<string, string> = {}) {
  const html = await (await fetch(new URL(path, origin), { headers })).text();
  const { scripts } = firstLoadFiles(html);
  let gzipBytes = 0;
  for (const src of scripts) {
    const body = Buffer.from(await (await fetch(new URL(src, origin))).arrayBuffer());
    gzipBytes += gzipSync(body).byteLength;
  }
  return { scripts: scripts.size, gzipKb: gzipBytes / 1024 };
}

/** One answer as a browser receives it: the bytes of its body on the wire, and decoded. */
function getAsBrowser(url: URL): Promise<{ wire: number; raw: Buffer }> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { headers: { "Accept-Encoding": BROWSER_ACCEPT_ENCODING } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const body = Buffer.concat(chunks);
        const decode = { br: brotliDecompressSync, gzip: gunzipSync, deflate: inflateSync }[String(response.headers["content-encoding"])];
        resolve({ wire: body.length, raw: decode ? decode(body) : body });
      });
    });
    sent.on("error", reject);
    sent.end();
  });
}

/**
 * The first load's bytes on the wire: the document, its scripts and its stylesheets, each body as
 * the server sends it to a browser's Accept-Encoding, beside the same bodies uncompressed.
 */
export async function measureFirstLoadWire(origin: string, path = "/") {
  const document = await getAsBrowser(new URL(path, origin));
  const { scripts, styles } = firstLoadFiles(document.raw.toString());
  let wire = document.wire;
  let raw = document.raw.length;
  for (const file of [...scripts, ...styles]) {
    const answer = await getAsBrowser(new URL(file, origin));
    wire += answer.wire;
    raw += answer.raw.length;
  }
  return { files: 1 + scripts.size + styles.size, wireKb: wire / 1024, rawKb: raw / 1024 };
}
