import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ComponentType } from 'react';
import { lazyPage } from './routes';

const Page: ComponentType = () => null;

/** The lazy component's factory (React.lazy keeps it in its payload and calls it on first render). */
const factoryOf = (component: unknown) =>
  (component as { _payload: { _result: () => Promise<unknown> } })._payload._result;

test('a preloaded page renders from the load started at boot (one fetch)', async () => {
  let loads = 0;
  const page = lazyPage(async () => {
    loads++;
    return { default: Page };
  });
  page.preload();
  page.preload();
  assert.equal(loads, 1, 'preloading twice loads once');
  const module = await factoryOf(page.get())();
  assert.deepEqual(module, { default: Page });
  assert.equal(loads, 1, 'rendering reuses the preload');
});

test('a page whose preload finished renders as itself (no Suspense between the shell and it)', async () => {
  const page = lazyPage(async () => ({ default: Page }));
  await page.preload();
  assert.equal(page.get(), Page);
  assert.equal(page.get(), page.get(), 'the same component on every render');
});

test('a failed preload shows as the page failing; Retry (reset) loads again', async () => {
  let loads = 0;
  const page = lazyPage(async () => {
    loads++;
    if (loads === 1) throw new Error('chunk failed');
    return { default: Page };
  });
  page.preload();
  await assert.rejects(factoryOf(page.get())(), /chunk failed/);
  page.reset();
  assert.deepEqual(await factoryOf(page.get())(), { default: Page });
  assert.equal(loads, 2);
});
