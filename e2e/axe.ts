/**
 * axe-core in the page under test: injects the engine (once per document) and runs it with the
 * WCAG 2.x A/AA rules. Only `serious` and `critical` findings count as failures; each is kept with
 * where it was found so one run reports every page at once.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const axePath = require.resolve('axe-core/axe.min.js');
let axeSource: string | undefined;

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface AxeFinding {
  /** Where the page was (language, signed in or not, route or dialog). */
  where: string;
  id: string;
  impact: string;
  help: string;
  helpUrl: string;
  /** CSS selectors of the offending elements, with axe's one-line reason for the first ones. */
  targets: string[];
}

interface AxeResultNode {
  target: unknown[];
  failureSummary?: string;
}
interface AxeResult {
  id: string;
  impact?: string | null;
  help: string;
  helpUrl: string;
  nodes: AxeResultNode[];
}

/** Runs axe on the whole document and returns its serious and critical violations. */
export async function axeViolations(page: Page, where: string): Promise<AxeFinding[]> {
  const injected = await page.evaluate(() => 'axe' in window);
  // Evaluated by the test driver, not added as a <script>: the app's Content-Security-Policy
  // (script-src 'self') rightly refuses inline scripts, and the audit must run under it.
  if (!injected) await page.evaluate(`${(axeSource ??= readFileSync(axePath, 'utf8'))}\n;true`);
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(...args: unknown[]): Promise<unknown> } }).axe;
    const results = (await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    })) as { violations: unknown[] };
    return results.violations;
  }, wcagTags);
  return (violations as AxeResult[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      where,
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      helpUrl: v.helpUrl,
      targets: v.nodes.map((n, i) => {
        const selector = n.target.map(String).join(' ');
        const why = i < 3 && n.failureSummary ? ` — ${n.failureSummary.replace(/\s+/g, ' ')}` : '';
        return `${selector}${why}`;
      }),
    }));
}

/** One readable block per finding: where, rule id, impact, help, then the offending targets. */
export function formatFindings(findings: AxeFinding[]): string {
  return findings
    .map(
      (f) =>
        `[${f.where}] ${f.id} (${f.impact}): ${f.help}\n  ${f.helpUrl}\n` +
        f.targets.map((t) => `    ${t}`).join('\n'),
    )
    .join('\n');
}
