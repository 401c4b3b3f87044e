/**
 * Mechanical mutants (issue 20 §1): every rule-breaking edit of a few kinds, derived from solc's AST of
 * the sources rather than written by hand, so nobody chooses which holes to look for.
 *
 * The sources are analysed by the npm `solc` (no code generation: the AST with its byte offsets and
 * resolved declarations), and each operator walks it:
 *   storage-write  an assignment, ++/-- or delete whose target is contract storage → the statement removed
 *   comparison     `<` ↔ `<=`, `>` ↔ `>=`, `==` ↔ `!=`
 *   revert-false   the condition of an `if (...) revert` (or of a require) → false
 *   arithmetic     `+` ↔ `-`, `+=` ↔ `-=`, `++` ↔ `--` (not a for loop's own step)
 *   constant       a number literal → 0 and → itself + 1 (a 0 → 1)
 *   modifier       an access, pause or reentrancy modifier removed from a function
 *   emit           an event emission removed
 * A mutant is one byte range of one file replaced by a text. Mutants that do not compile are still
 * produced; the runner reports them as stillborn (never as killed).
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { semanticMutants, semanticOperators } from './semantic.ts';

const require = createRequire(import.meta.url);
const solc = require('solc') as { compile(input: string, callbacks?: object): string };

export const operators = [
  'storage-write',
  'comparison',
  'revert-false',
  'arithmetic',
  'constant',
  'modifier',
  'emit',
  ...semanticOperators,
] as const;
export type Operator = (typeof operators)[number];

/** The operators of issue 20 (mechanical) and of issue 28 (semantic.ts), for `--operator` groups. */
export const mechanicalOperators = operators.filter(
  (o) => !(semanticOperators as readonly string[]).includes(o),
);

export interface GeneratedMutant {
  /** Path of the mutated file (as given in `sources`). */
  file: string;
  operator: Operator;
  /** The function, modifier or contract member the edit is in (`Contract.name`). */
  scope: string;
  /** 1-based line of the edit. */
  line: number;
  /** Byte range [start, end) replaced by `replacement`. */
  start: number;
  end: number;
  replacement: string;
  /** The source line(s) before and after the edit, whitespace collapsed: what a reader compares. */
  original: string;
  mutated: string;
  /** Stable for the same sources: a hash of the file's text, the range and the replacement. */
  key: string;
}

/** Modifiers whose removal drops an owner, pause or reentrancy rule. */
const guardModifiers = new Set([
  'onlyOwner',
  'whenNotPaused',
  'whenPaused',
  'nonReentrant',
  'nonReentrantView',
]);

const comparisonSwap: Record<string, string> = {
  '<': '<=',
  '<=': '<',
  '>': '>=',
  '>=': '>',
  '==': '!=',
  '!=': '==',
};
const arithmeticSwap: Record<string, string> = { '+': '-', '-': '+', '+=': '-=', '-=': '+=' };

export interface AstNode {
  nodeType: string;
  id: number;
  src: string;
  [key: string]: unknown;
}

type ImportResolver = (path: string) => { contents: string } | { error: string };

/**
 * solc's analysed AST of `sources` (path → text), imports resolved by `resolveImport`.
 * Throws with solc's messages when the sources do not compile.
 */
export function analyse(
  sources: Record<string, string>,
  resolveImport: ImportResolver = (path) => ({ error: `File not found: ${path}` }),
): Record<string, AstNode> {
  const errors = compileErrors(sources, resolveImport, true);
  if (errors.messages.length > 0) throw new Error(errors.messages.join('\n'));
  return errors.asts;
}

/**
 * The compile errors of `sources` (analysis only, no code generation: seconds, not a full build), so
 * a stillborn mutant is known before forge spends a build on it.
 */
export function compileErrors(
  sources: Record<string, string>,
  resolveImport: ImportResolver,
  withAst = false,
): { messages: string[]; asts: Record<string, AstNode> } {
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([p, content]) => [p, { content }])),
    settings: { outputSelection: { '*': { '': withAst ? ['ast'] : [] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: resolveImport })) as {
    errors?: { severity: string; formattedMessage: string }[];
    sources?: Record<string, { ast: AstNode }>;
  };
  const messages = (output.errors ?? [])
    .filter((e) => e.severity === 'error')
    .map((e) => e.formattedMessage);
  const asts = Object.fromEntries(
    Object.entries(output.sources ?? {}).map(([path, s]) => [path, s.ast]),
  );
  return { messages, asts };
}

/** solc's offsets count UTF-8 bytes; JavaScript strings count UTF-16 units (comments have ≤, →, …). */
function byteToIndex(text: string): (byte: number) => number {
  const map: number[] = [];
  let index = 0;
  for (const char of text) {
    const bytes = Buffer.byteLength(char);
    for (let b = 0; b < bytes; b++) map.push(index);
    index += char.length;
  }
  map.push(index);
  return (byte) => map[byte]!;
}

let toIndex: (byte: number) => number = (byte) => byte;

/** The node's [start, end) in string indices of the file being mutated. */
function range(node: AstNode): [number, number] {
  const [start, length] = node.src.split(':').map(Number) as [number, number];
  return [toIndex(start), toIndex(start + length)];
}

function children(node: AstNode): AstNode[] {
  const found: AstNode[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'src') continue;
    const list = Array.isArray(value) ? value : [value];
    for (const item of list) {
      if (item && typeof item === 'object' && typeof (item as AstNode).nodeType === 'string') {
        found.push(item as AstNode);
      }
    }
  }
  return found;
}

export interface Visit {
  node: AstNode;
  parent: AstNode | null;
  scope: string;
  /** Inside a type name (an array length, say): literals there are not values. */
  inType: boolean;
}

function* walk(root: AstNode): Generator<Visit> {
  const stack: Visit[] = [{ node: root, parent: null, scope: '', inType: false }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    yield visit;
    const { node } = visit;
    let scope = visit.scope;
    if (node.nodeType === 'ContractDefinition') scope = String(node.name);
    else if (
      ['FunctionDefinition', 'ModifierDefinition', 'VariableDeclaration'].includes(node.nodeType)
    ) {
      if (!scope.includes('.')) {
        const name =
          node.nodeType === 'FunctionDefinition' && node.kind !== 'function'
            ? node.kind
            : node.name;
        scope = `${scope}.${String(name)}`;
      }
    }
    const inType = visit.inType || /TypeName$/.test(node.nodeType);
    for (const child of children(node).reverse())
      stack.push({ node: child, parent: node, scope, inType });
  }
}

interface StorageDeclarations {
  /** State variables (not constants or immutables). */
  state: Set<number>;
  /** Locals and parameters that point into storage (`Account storage a`). */
  pointers: Set<number>;
}

function storageDeclarations(asts: AstNode[]): StorageDeclarations {
  const found: StorageDeclarations = { state: new Set(), pointers: new Set() };
  for (const ast of asts) {
    for (const { node } of walk(ast)) {
      if (node.nodeType !== 'VariableDeclaration') continue;
      if (
        node.stateVariable === true &&
        node.constant !== true &&
        node.mutability !== 'immutable'
      ) {
        found.state.add(node.id);
      } else if (node.storageLocation === 'storage') found.pointers.add(node.id);
    }
  }
  return found;
}

/**
 * True when assigning to the expression writes storage: a state variable, or a part of a state variable
 * or of a storage pointer. Assigning to the pointer itself (`plan = _plans[id]`) only re-points it.
 */
function isStorage(expr: AstNode, storage: StorageDeclarations, whole = true): boolean {
  switch (expr.nodeType) {
    case 'Identifier': {
      const id = Number(expr.referencedDeclaration);
      return storage.state.has(id) || (!whole && storage.pointers.has(id));
    }
    case 'MemberAccess':
      return isStorage(expr.expression as AstNode, storage, false);
    case 'IndexAccess':
      return isStorage(expr.baseExpression as AstNode, storage, false);
    case 'TupleExpression':
      return (expr.components as (AstNode | null)[]).some(
        (c) => c !== null && isStorage(c, storage, whole),
      );
    default:
      return false;
  }
}

function isRevert(statement: AstNode | undefined): boolean {
  if (!statement) return false;
  if (statement.nodeType === 'RevertStatement') return true;
  if (statement.nodeType === 'Block') {
    const list = statement.statements as AstNode[];
    return list.length === 1 && isRevert(list[0]);
  }
  if (statement.nodeType === 'ExpressionStatement') {
    const call = statement.expression as AstNode;
    return (
      call.nodeType === 'FunctionCall' &&
      (call.expression as AstNode).nodeType === 'Identifier' &&
      (call.expression as AstNode).name === 'revert'
    );
  }
  return false;
}

/** The statement's range widened over its `;`, so replacing it with `{}` leaves valid code. */
function statementRange(text: string, node: AstNode): [number, number] {
  const [start, end] = range(node);
  const rest = /^\s*;/.exec(text.slice(end));
  return [start, rest ? end + rest[0].length : end];
}

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** The whole lines an edit touches, before and after, whitespace collapsed. */
function snippets(text: string, start: number, end: number, replacement: string): [string, string] {
  const from = text.lastIndexOf('\n', start - 1) + 1;
  const next = text.indexOf('\n', end);
  const to = next < 0 ? text.length : next;
  const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
  return [
    squash(text.slice(from, to)),
    squash(text.slice(from, start) + replacement + text.slice(end, to)),
  ];
}

/**
 * Every mutant of the files `files` (paths in `sources`; other sources are context for the analysis).
 * Deterministic: the same sources give the same mutants in the same order.
 */
export function generateMutants(
  sources: Record<string, string>,
  files: string[],
  resolveImport?: ImportResolver,
): GeneratedMutant[] {
  const asts = analyse(sources, resolveImport);
  const storage = storageDeclarations(Object.values(asts));
  const mutants: GeneratedMutant[] = [];
  for (const file of files) {
    const text = sources[file];
    const ast = asts[file];
    if (text === undefined || !ast) throw new Error(`no source ${file}`);
    const fileHash = createHash('sha256').update(text).digest('hex');
    toIndex = byteToIndex(text);
    const seen = new Set<string>();
    const add = (
      operator: Operator,
      scope: string,
      start: number,
      end: number,
      replacement: string,
    ) => {
      if (text.slice(start, end) === replacement) return;
      const id = `${start}:${end}:${replacement}`;
      if (seen.has(id)) return;
      seen.add(id);
      const [original, mutated] = snippets(text, start, end, replacement);
      const key = createHash('sha256')
        .update(`${fileHash}\n${operator}\n${id}`)
        .digest('hex')
        .slice(0, 16);
      mutants.push({
        file,
        operator,
        scope,
        line: lineOf(text, start),
        start,
        end,
        replacement,
        original,
        mutated,
        key,
      });
    };
    const loopSteps = new Set<number>();
    for (const { node } of walk(ast)) {
      if (node.nodeType === 'ForStatement' && node.loopExpression) {
        loopSteps.add((node.loopExpression as AstNode).id);
      }
    }
    for (const { node, parent, scope, inType } of walk(ast)) {
      switch (node.nodeType) {
        case 'ExpressionStatement': {
          const expr = node.expression as AstNode;
          const target =
            expr.nodeType === 'Assignment'
              ? (expr.leftHandSide as AstNode)
              : expr.nodeType === 'UnaryOperation' &&
                  ['++', '--', 'delete'].includes(String(expr.operator))
                ? (expr.subExpression as AstNode)
                : null;
          if (target && isStorage(target, storage) && !loopSteps.has(node.id)) {
            const [start, end] = statementRange(text, node);
            add('storage-write', scope, start, end, '{}');
          }
          break;
        }
        case 'BinaryOperation': {
          const op = String(node.operator);
          const swap = comparisonSwap[op] ?? arithmeticSwap[op];
          if (!swap) break;
          const [, leftEnd] = range(node.leftExpression as AstNode);
          const [rightStart] = range(node.rightExpression as AstNode);
          const at = text.indexOf(op, leftEnd);
          if (at < 0 || at + op.length > rightStart) break;
          add(op in comparisonSwap ? 'comparison' : 'arithmetic', scope, at, at + op.length, swap);
          break;
        }
        case 'Assignment': {
          const op = String(node.operator);
          const swap = arithmeticSwap[op];
          if (!swap) break;
          const [, leftEnd] = range(node.leftHandSide as AstNode);
          const at = text.indexOf(op, leftEnd);
          if (at >= 0) add('arithmetic', scope, at, at + op.length, swap);
          break;
        }
        case 'UnaryOperation': {
          const op = String(node.operator);
          if (
            (op !== '++' && op !== '--') ||
            (parent && loopSteps.has(parent.id)) ||
            loopSteps.has(node.id)
          ) {
            break;
          }
          const [start, end] = range(node);
          const at = node.prefix ? start : end - 2;
          add('arithmetic', scope, at, at + 2, op === '++' ? '--' : '++');
          break;
        }
        case 'IfStatement': {
          if (!isRevert(node.trueBody as AstNode)) break;
          const [start, end] = range(node.condition as AstNode);
          add('revert-false', scope, start, end, 'false');
          break;
        }
        case 'FunctionCall': {
          const callee = node.expression as AstNode;
          if (callee.nodeType !== 'Identifier' || callee.name !== 'require') break;
          const [start, end] = range((node.arguments as AstNode[])[0]!);
          add('revert-false', scope, start, end, 'true');
          break;
        }
        case 'Literal': {
          if (node.kind !== 'number' || inType) break;
          const [start, end] = range(node);
          const literal = text.slice(start, end);
          const zero = /^0+$|^0x0+$/.test(String(node.value).replace(/_/g, ''));
          if (zero) add('constant', scope, start, end, '1');
          else {
            add('constant', scope, start, end, '0');
            add('constant', scope, start, end, `(${literal} + 1)`);
          }
          break;
        }
        case 'ModifierInvocation': {
          const name = (node.modifierName as AstNode).name;
          if (!guardModifiers.has(String(name))) break;
          const [start, end] = range(node);
          add('modifier', scope, start, end, '');
          break;
        }
        case 'EmitStatement': {
          const [start, end] = statementRange(text, node);
          add('emit', scope, start, end, '{}');
          break;
        }
        default:
          break;
      }
    }
    semanticMutants({
      text,
      ast,
      asts: Object.values(asts),
      range,
      statementRange: (node) => statementRange(text, node),
      walk,
      writesStorage: (expr) => isStorage(expr, storage),
      add,
    });
  }
  // In reading order, whatever order the AST walk met them in.
  return mutants.sort(
    (a, b) =>
      files.indexOf(a.file) - files.indexOf(b.file) ||
      a.start - b.start ||
      operators.indexOf(a.operator) - operators.indexOf(b.operator),
  );
}

/** `text` with the mutant applied. */
export function applyMutant(
  text: string,
  m: Pick<GeneratedMutant, 'start' | 'end' | 'replacement'>,
): string {
  return text.slice(0, m.start) + m.replacement + text.slice(m.end);
}
