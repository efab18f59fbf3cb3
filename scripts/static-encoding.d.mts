import type { IncomingMessage, ServerResponse } from "node:http";

export const STATIC_PREFIX: string;
type Variant = { file: string; size: number };
export type StaticEntry = { type: string; variants: { identity: Variant; br?: Variant; gzip?: Variant } };
/** Writes `.br` and `.gz` copies beside each text file under `dir` where smaller; the byte totals. */
export function precompressStatic(dir: string): { files: number; rawBytes: number; brBytes: number; gzipBytes: number };
export function indexStaticFiles(dir: string, prefix?: string): Map<string, StaticEntry>;
export function chooseEncoding(acceptEncoding: string | undefined, available: readonly string[]): "br" | "gzip" | "identity";
export function createStaticListener(dir: string): (request: IncomingMessage, response: ServerResponse) => boolean;
export function serveStaticFirst(http: { createServer: (...args: never[]) => unknown }, dir: string): void;
