/** Makes each server chunk that copies another's code load that one instead; the copies' count and bytes. */
export function shareIdenticalServerChunks(dir: string): { files: number; bytes: number };
