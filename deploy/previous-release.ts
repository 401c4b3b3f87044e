/**
 * The release before this checkout (the last line of deploy/releases.txt), as a runnable tree
 * outside the repository: its committed files (`git archive`, so nothing of this checkout's work
 * tree leaks in), with dependencies and the generated contracts module. Both are this checkout's
 * when they cannot differ (the same package-lock.json; the same contracts/ sources) and are
 * installed/generated there otherwise (slower: npm ci, forge). The workspaces (@app/*) always
 * resolve to the previous release's own folders.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoDir } from './topology/services.ts';

export interface Release {
  commit: string;
  name: string;
}

/** The releases of deploy/releases.txt, oldest first. */
export function releases(): Release[] {
  return fs
    .readFileSync(path.join(repoDir, 'deploy/releases.txt'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => {
      const [commit, ...name] = l.trim().split(/\s+/);
      if (!/^[0-9a-f]{40}$/.test(commit!))
        throw new Error(`deploy/releases.txt: not a commit: ${l}`);
      return { commit: commit!, name: name.join(' ') };
    });
}

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: repoDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** True when `paths` are the same in `commit` as in this work tree. */
function unchangedSince(commit: string, ...paths: string[]): boolean {
  try {
    git('diff', '--quiet', commit, '--', ...paths);
    return true;
  } catch {
    return false;
  }
}

export interface PreviousRelease extends Release {
  dir: string;
  /** How its dependencies and contracts module came to be (for the test's report). */
  how: string;
  remove(): void;
}

export function buildPreviousRelease(release: Release): PreviousRelease {
  try {
    git('cat-file', '-e', `${release.commit}^{commit}`);
  } catch {
    throw new Error(
      `commit ${release.commit} (deploy/releases.txt) is not in this clone: a shallow clone needs 'git fetch --unshallow'`,
    );
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'previous-release-'));
  execFileSync('bash', ['-c', `git archive ${release.commit} | tar -x -C "${dir}"`], {
    cwd: repoDir,
  });
  const how: string[] = [];
  const workspaces = ['contracts', 'server'];
  if (unchangedSince(release.commit, 'package-lock.json')) {
    // The same lock: this checkout's packages, linked one by one, and the workspaces its own.
    const linkAll = (from: string, to: string, skip: string[] = []) => {
      if (!fs.existsSync(from)) return;
      fs.mkdirSync(to, { recursive: true });
      for (const entry of fs.readdirSync(from)) {
        if (!skip.includes(entry)) fs.symlinkSync(path.join(from, entry), path.join(to, entry));
      }
    };
    linkAll(path.join(repoDir, 'node_modules'), path.join(dir, 'node_modules'), ['@app']);
    fs.mkdirSync(path.join(dir, 'node_modules/@app'));
    for (const ws of fs.readdirSync(path.join(repoDir, 'node_modules/@app'))) {
      if (fs.existsSync(path.join(dir, ws)))
        fs.symlinkSync(path.join(dir, ws), path.join(dir, 'node_modules/@app', ws));
    }
    for (const ws of workspaces) {
      linkAll(path.join(repoDir, ws, 'node_modules'), path.join(dir, ws, 'node_modules'));
    }
    how.push('packages of this checkout (same package-lock.json)');
  } else {
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'ignore' });
    how.push('npm ci (package-lock.json changed since)');
  }
  // What the generated module is made from: the contracts, their build and the scripts that deploy
  // them locally (not the tests, the mutants, the docs, nor the rehearsal stand).
  const generatedFrom = [
    'contracts',
    ':(exclude)contracts/test',
    ':(exclude)contracts/mutants',
    ':(exclude)contracts/**/*.test.ts',
    ':(exclude)contracts/**/*.md',
    ':(exclude)contracts/scripts/rehearsal-stand.ts',
  ];
  if (unchangedSince(release.commit, ...generatedFrom)) {
    fs.cpSync(path.join(repoDir, 'contracts/generated'), path.join(dir, 'contracts/generated'), {
      recursive: true,
    });
    how.push('contracts module of this checkout (its sources unchanged)');
  } else {
    execFileSync('npm', ['run', 'generate', '-w', 'contracts'], { cwd: dir, stdio: 'ignore' });
    how.push('contracts module generated (its sources changed since)');
  }
  return {
    ...release,
    dir,
    how: how.join('; '),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
