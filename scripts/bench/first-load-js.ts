import { gzipSync } from "node:zlib";

/**
 * First-load JS of a page: every module-capable script the HTML references, fetched and gzipped (default level),
 * summed. The same measure is applied to the app page and to an empty Next.js page.
 */
export async function measureFirstLoadJs(origin: string, path = "/", headers: Record<string, string> = {}) {
  const html = await (await fetch(new URL(path, origin), { headers })).text();
  const sources = new Set<string>();
  for (const match of html.matchAll(/<script([^>]*)>/g)) {
    const attributes = match[1]!;
    const src = attributes.match(/\bsrc="([^"]+)"/)?.[1];
    // `nomodule` polyfills are skipped by every browser that runs module scripts.
    if (src && !/\bnoModule\b|\bnomodule\b/.test(attributes)) sources.add(src);
  }
  let gzipBytes = 0;
  for (const src of sources) {
    const body = Buffer.from(await (await fetch(new URL(src, origin))).arrayBuffer());
    gzipBytes += gzipSync(body).byteLength;
  }
  return { scripts: sources.size, gzipKb: gzipBytes / 1024 };
}
