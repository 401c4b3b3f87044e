import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * One SHA-256 over a folder: each file's relative path (with '/'), a NUL, its own SHA-256 and a
 * newline, in path order. Two folders with the same files and bytes give the same digest; a
 * renamed, added, removed or changed file changes it. (Recomputable by hand: `find . -type f |
 * sort | xargs sha256sum` lists the same per-file hashes.)
 */
export function folderDigest(dir) {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      join(entry.parentPath, entry.name)
        .slice(dir.length + 1)
        .split('\\')
        .join('/'),
    )
    .sort();
  const digest = createHash('sha256');
  for (const file of files) {
    const hash = createHash('sha256')
      .update(readFileSync(join(dir, file)))
      .digest('hex');
    digest.update(`${file}\0${hash}\n`);
  }
  return digest.digest('hex');
}
