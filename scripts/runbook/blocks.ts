/**
 * The command blocks of a Markdown runbook, as an operator would copy them: every fenced block in
 * `sh`/`bash`, with the mark the runbook puts in an HTML comment right before it (invisible when
 * rendered):
 *
 *   <!-- runbook: run <id> -->        executed by a test under that id (deploy/runbook.test.ts)
 *   <!-- runbook: skip <reason> -->   cannot run here (a real CA, a public RPC, a human signer)
 *
 * A block without a mark is an error of the runbook: the test lists it, so a new command cannot
 * slip in untested. Reusable by any test that walks a Markdown file (the Safe section hooks its
 * own ids in through `runners`).
 */
export interface CommandBlock {
  /** 1-based line of the opening fence. */
  line: number;
  /** The nearest heading above it (for messages). */
  heading: string;
  /** The commands, as written. */
  code: string;
  mark: { kind: 'run'; id: string } | { kind: 'skip'; reason: string } | { kind: 'none' };
}

const commandLanguages = new Set(['sh', 'bash', 'shell']);

export function commandBlocks(markdown: string): CommandBlock[] {
  const lines = markdown.split('\n');
  const blocks: CommandBlock[] = [];
  let heading = '';
  let lastComment: { text: string; line: number } | null = null;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    const text = raw.trim();
    if (/^#{1,6} /.test(raw)) heading = raw.replace(/^#+ /, '');
    const comment = /^<!--\s*runbook:\s*(.*?)\s*-->$/.exec(text);
    if (comment) {
      lastComment = { text: comment[1]!, line: i };
      continue;
    }
    const fence = /^(`{3,})\s*([\w-]*)/.exec(text);
    if (!fence) {
      if (text !== '') lastComment = null;
      continue;
    }
    // The block runs to the matching closing fence (same indentation or less).
    const close = fence[1]!;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && lines[j]!.trim() !== close; j++) body.push(lines[j]!);
    const indent = /^\s*/.exec(raw)![0].length;
    if (commandLanguages.has(fence[2]!)) {
      blocks.push({
        line: i + 1,
        heading,
        code: body.map((l) => l.slice(Math.min(indent, /^\s*/.exec(l)![0].length))).join('\n'),
        mark: parseMark(lastComment?.text),
      });
    }
    lastComment = null;
    i = j;
  }
  return blocks;
}

function parseMark(text: string | undefined): CommandBlock['mark'] {
  const run = text && /^run\s+([\w:-]+)$/.exec(text);
  if (run) return { kind: 'run', id: run[1]! };
  const skip = text && /^skip\s+(.+)$/.exec(text);
  if (skip) return { kind: 'skip', reason: skip[1]! };
  return { kind: 'none' };
}

/** The operator CLI commands (`npm run operator -- <command>`) of a text, in order of first use. */
export function operatorCommandOrder(text: string): string[] {
  const seen: string[] = [];
  for (const m of text.matchAll(/npm run operator -- ([a-z]+(?::[a-z]+)?)/g)) {
    if (!seen.includes(m[1]!)) seen.push(m[1]!);
  }
  return seen;
}
