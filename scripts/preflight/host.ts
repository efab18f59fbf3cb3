import { accessSync, constants, openSync, readSync, closeSync, readdirSync, statSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";

/**
 * What the engine lookups read of the machine, passed in so that tests can give them the file tree
 * of a Debian, Ubuntu or macOS machine (engines.test.ts) while only Linux runs them.
 */
export type Host = {
  platform: NodeJS.Platform;
  env: Record<string, string | undefined>;
  homedir: string;
  /** Whether `file` is a file that can be run (a link to one counts). */
  exists(file: string): boolean;
  /** The names in a folder; none when it cannot be read. */
  list(dir: string): string[];
  /** The first bytes of a file, as text; "" when it cannot be read. */
  head(file: string): string;
};

export function thisMachine(env: Host["env"] = process.env): Host {
  return { platform: process.platform, env, homedir: homedir(), exists: isRunnableFile, list: listDir, head: readHead };
}

/** The first of `names` in a folder of the host's PATH, as `which` would find it. */
export function findOnPath(host: Host, ...names: string[]): string | undefined {
  const dirs = (host.env.PATH ?? "").split(path.delimiter).filter(Boolean);
  for (const name of names) {
    for (const dir of dirs) {
      const file = path.join(dir, name);
      if (host.exists(file)) return file;
    }
  }
  return undefined;
}

function isRunnableFile(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function listDir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

const HEAD_BYTES = 1024;

function readHead(file: string): string {
  let fd: number | undefined;
  try {
    fd = openSync(file, "r");
    const buffer = Buffer.alloc(HEAD_BYTES);
    return buffer.subarray(0, readSync(fd, buffer, 0, HEAD_BYTES, 0)).toString("latin1");
  } catch {
    return "";
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
