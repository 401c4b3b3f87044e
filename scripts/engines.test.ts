/**
 * Every locked dependency runs on the oldest Node the README and package.json promise
 * (`engines.node`): `npm ci` on that Node warns EBADENGINE otherwise, and the package may use an API
 * it does not have. A dependency that wants a newer Node is downgraded (or the promise changed).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { it } from 'node:test';
import semver from 'semver';

const read = (file: string) =>
  JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;

it('every package in package-lock.json supports the oldest Node the project promises', () => {
  const promise = (read('package.json').engines as { node: string }).node;
  const oldest = semver.minVersion(promise)!.version;
  const packages = read('package-lock.json').packages as Record<
    string,
    { engines?: { node?: string } | string[]; optional?: boolean; os?: string[] }
  >;
  const refusing = Object.entries(packages)
    .filter(([, p]) => !Array.isArray(p.engines) && typeof p.engines?.node === 'string')
    .filter(([, p]) => !semver.satisfies(oldest, (p.engines as { node: string }).node))
    .map(([name, p]) => `${name} wants node ${(p.engines as { node: string }).node}`);
  assert.deepEqual(refusing, [], `on Node ${oldest} (package.json engines ${promise})`);
});
