/**
 * Semantic mutants (issue 28 §1): the slips a person makes and a mechanical operator never does, found
 * from solc's typed AST. Each edit keeps the code well typed, so most compile and must be caught by a
 * test that knows what the code means, not only that it runs:
 *   same-type-read      a read of a variable, parameter, immutable or state variable → another of the
 *                       same type in scope: the other operand of the same expression first, then a
 *                       sibling field of the same struct, the nearest neighbouring locals, the nearest
 *                       state variable of the type
 *   two-places          one value assigned to two places: in a tuple, one component's value in another's
 *                       place; a storage assignment `x = v` → `x = y = v` (y the nearest state variable
 *                       or sibling field of the same type, written without being asked to)
 *   argument-swap       two arguments of the same type of one call (or event) swapped
 *   effect-delete       one effect dropped where the mechanical operators cannot: one write of a tuple
 *                       assignment `(a, b) = (x, y)` → `(, b) = (x, y)`, or a call to an internal function
 *                       that writes storage or logs (a direct write or emit, in whichever branch, is the
 *                       storage-write and emit operators' mutant already)
 *   call-before-writes  an external call (or an internal call that makes one) moved before the state
 *                       writes that precede it in its block: checks-effects-interactions broken
 * This module only reads the AST; generate.ts owns offsets and the mutant records.
 */
import type { AstNode, Visit } from './generate.ts';

export const semanticOperators = [
  'same-type-read',
  'two-places',
  'argument-swap',
  'effect-delete',
  'call-before-writes',
] as const;
export type SemanticOperator = (typeof semanticOperators)[number];

/** What generate.ts lends this module: the file, its AST, offsets and the way to record a mutant. */
export interface SemanticContext {
  text: string;
  ast: AstNode;
  /** Every source's AST (declarations of other files: state variables, structs, functions). */
  asts: AstNode[];
  range(node: AstNode): [number, number];
  statementRange(node: AstNode): [number, number];
  walk(root: AstNode): Generator<Visit>;
  /** True when assigning to `expr` writes contract storage. */
  writesStorage(expr: AstNode): boolean;
  add(operator: SemanticOperator, scope: string, start: number, end: number, text: string): void;
}

/** How many neighbouring locals a read may be replaced by (the nearest declared before it). */
const NEIGHBOURS = 2;

const typeOf = (n: AstNode | null | undefined): string =>
  String((n?.typeDescriptions as { typeString?: string } | undefined)?.typeString ?? '');
const typeIdOf = (n: AstNode | null | undefined): string =>
  String((n?.typeDescriptions as { typeIdentifier?: string } | undefined)?.typeIdentifier ?? '');

/** Types a value of which can stand for another: not functions, types, tuples or literals. */
function isValueType(type: string): boolean {
  return (
    type !== '' &&
    !type.startsWith('function') &&
    !type.startsWith('type(') &&
    !type.startsWith('tuple(') &&
    !type.includes('const ') &&
    !type.startsWith('literal_')
  );
}

interface Index {
  declarations: Map<number, AstNode>;
  /** State variables and immutables in declaration order (constants are the constant operator's). */
  stateVars: AstNode[];
  /** Struct id → members in order. */
  structs: Map<number, AstNode[]>;
  functions: Map<number, AstNode>;
  /** Internal functions that write storage or log (directly or through another). */
  effectful: Set<number>;
  /** Functions that make an external call (directly or through another internal one). */
  calling: Set<number>;
}

function* nodes(root: AstNode): Generator<AstNode> {
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    yield node;
    for (const value of Object.values(node)) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item && typeof item === 'object' && typeof (item as AstNode).nodeType === 'string')
          stack.push(item as AstNode);
      }
    }
  }
}

/** A call that leaves the contract: a member call on a contract or interface, or a SafeERC20 one. */
function isExternalCall(call: AstNode, index: Index): boolean {
  if (call.nodeType !== 'FunctionCall' || call.kind !== 'functionCall') return false;
  const callee = call.expression as AstNode;
  if (callee.nodeType !== 'MemberAccess') return false;
  if (typeOf(callee).includes(' external')) return true;
  const target = index.functions.get(Number(callee.referencedDeclaration));
  return target?.library === true;
}

function internalCallee(call: AstNode, index: Index): AstNode | undefined {
  if (call.nodeType !== 'FunctionCall' || call.kind !== 'functionCall') return undefined;
  const callee = call.expression as AstNode;
  if (callee.nodeType !== 'Identifier') return undefined;
  return index.functions.get(Number(callee.referencedDeclaration));
}

function buildIndex(asts: AstNode[], writesStorage: (e: AstNode) => boolean): Index {
  const index: Index = {
    declarations: new Map(),
    stateVars: [],
    structs: new Map(),
    functions: new Map(),
    effectful: new Set(),
    calling: new Set(),
  };
  for (const ast of asts) {
    for (const node of nodes(ast)) {
      if (node.nodeType === 'ContractDefinition') {
        for (const part of node.nodes as AstNode[]) {
          if (part.nodeType === 'FunctionDefinition')
            index.functions.set(part.id, { ...part, library: node.contractKind === 'library' });
          if (part.nodeType === 'VariableDeclaration' && part.constant !== true)
            index.stateVars.push(part);
        }
      } else if (node.nodeType === 'VariableDeclaration') index.declarations.set(node.id, node);
      else if (node.nodeType === 'StructDefinition')
        index.structs.set(node.id, node.members as AstNode[]);
    }
  }
  index.stateVars.sort((a, b) => a.id - b.id);
  // Effects and external calls reach through internal calls: iterate to a fixed point.
  for (let changed = true; changed;) {
    changed = false;
    for (const fn of index.functions.values()) {
      if (!fn.body) continue;
      for (const node of nodes(fn.body as AstNode)) {
        const writes =
          node.nodeType === 'EmitStatement' ||
          (node.nodeType === 'Assignment' && writesStorage(node.leftHandSide as AstNode)) ||
          (node.nodeType === 'UnaryOperation' &&
            ['++', '--', 'delete'].includes(String(node.operator)) &&
            writesStorage(node.subExpression as AstNode));
        const inner = internalCallee(node, index);
        if ((writes || (inner && index.effectful.has(inner.id))) && !index.effectful.has(fn.id)) {
          index.effectful.add(fn.id);
          changed = true;
        }
        const calls = isExternalCall(node, index) || (inner && index.calling.has(inner.id));
        if (calls && !index.calling.has(fn.id)) {
          index.calling.add(fn.id);
          changed = true;
        }
      }
    }
  }
  return index;
}

/** Node ids inside assignment targets, `++`/`--`/`delete` operands and declarations: not reads. */
function writtenIds(ast: AstNode): Set<number> {
  const ids = new Set<number>();
  for (const node of nodes(ast)) {
    const target =
      node.nodeType === 'Assignment'
        ? (node.leftHandSide as AstNode)
        : node.nodeType === 'UnaryOperation' &&
            ['++', '--', 'delete'].includes(String(node.operator))
          ? (node.subExpression as AstNode)
          : null;
    if (target) for (const n of nodes(target)) ids.add(n.id);
  }
  return ids;
}

function structIdOf(expr: AstNode): number | undefined {
  const match = /^t_struct\$_\w+?_\$(\d+)_/.exec(typeIdOf(expr));
  return match ? Number(match[1]) : undefined;
}

/** A struct field of the same type next to `member` (the one before, then the one after). */
function siblingFields(access: AstNode, index: Index): string[] {
  const struct = structIdOf(access.expression as AstNode);
  const members = struct === undefined ? undefined : index.structs.get(struct);
  if (!members) return [];
  const at = members.findIndex((m) => m.name === access.memberName);
  if (at < 0) return [];
  const type = typeOf(members[at]);
  const before = members.slice(0, at).reverse();
  const after = members.slice(at + 1);
  const near = (list: AstNode[]) => list.find((m) => typeOf(m) === type);
  return [near(before), near(after)]
    .filter((m): m is AstNode => m !== undefined)
    .map((m) => String(m.name));
}

/** The state variable of the same type declared nearest to `decl` (other than it). */
function nearestStateVar(decl: AstNode, index: Index): AstNode | undefined {
  const at = index.stateVars.findIndex((v) => v.id === decl.id);
  if (at < 0) return undefined;
  let best: AstNode | undefined;
  let distance = Infinity;
  index.stateVars.forEach((v, i) => {
    if (i !== at && typeOf(v) === typeOf(decl) && Math.abs(i - at) < distance) {
      best = v;
      distance = Math.abs(i - at);
    }
  });
  return best;
}

interface Local {
  decl: AstNode;
  start: number;
  /** Where the name is visible: the enclosing block (or the whole function for parameters). */
  scope: [number, number];
}

/** Parameters, return variables and locals of each function of the file, with where each is visible. */
function localsByFunction(c: SemanticContext): Map<number, Local[]> {
  const found = new Map<number, Local[]>();
  const declared = new Set<number>();
  const visit = (node: AstNode, fn: AstNode | null, block: [number, number]) => {
    let here = block;
    if (node.nodeType === 'FunctionDefinition' || node.nodeType === 'ModifierDefinition') {
      fn = node;
      here = c.range(node);
      found.set(node.id, []);
    } else if (['Block', 'UncheckedBlock', 'ForStatement'].includes(node.nodeType)) {
      here = c.range(node);
    }
    // A local is visible after its declaration statement (not in its own initial value).
    if (fn && node.nodeType === 'VariableDeclarationStatement') {
      for (const decl of node.declarations as (AstNode | null)[]) {
        if (decl) found.get(fn.id)!.push({ decl, start: c.range(node)[1], scope: here });
        if (decl) declared.add(decl.id);
      }
    }
    if (
      fn &&
      node.nodeType === 'VariableDeclaration' &&
      node.name !== '' &&
      !declared.has(node.id)
    ) {
      found.get(fn.id)!.push({ decl: node, start: c.range(node)[0], scope: here });
    }
    for (const value of Object.values(node)) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item && typeof item === 'object' && typeof (item as AstNode).nodeType === 'string')
          visit(item as AstNode, fn, here);
      }
    }
  };
  visit(c.ast, null, c.range(c.ast));
  return found;
}

/** The enclosing function of each node id of the file. */
function functionOf(ast: AstNode): Map<number, number> {
  const owner = new Map<number, number>();
  const visit = (node: AstNode, fn: number | undefined) => {
    if (node.nodeType === 'FunctionDefinition' || node.nodeType === 'ModifierDefinition')
      fn = node.id;
    if (fn !== undefined) owner.set(node.id, fn);
    for (const value of Object.values(node)) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item && typeof item === 'object' && typeof (item as AstNode).nodeType === 'string')
          visit(item as AstNode, fn);
      }
    }
  };
  visit(ast, undefined);
  return owner;
}

function sameTypeReads(c: SemanticContext, index: Index): void {
  const written = writtenIds(c.ast);
  const locals = localsByFunction(c);
  const owner = functionOf(c.ast);
  const callees = new Set<number>();
  for (const node of nodes(c.ast)) {
    if (node.nodeType === 'FunctionCall') callees.add((node.expression as AstNode).id);
  }
  for (const { node, parent, scope } of c.walk(c.ast)) {
    if (written.has(node.id) || callees.has(node.id) || !isValueType(typeOf(node))) continue;
    if (node.nodeType !== 'Identifier' && node.nodeType !== 'MemberAccess') continue;
    const [start, end] = c.range(node);
    const self = c.text.slice(start, end);
    const type = typeOf(node);
    const tried = new Set([self]);
    const add = (replacement: string) => {
      if (!tried.has(replacement)) c.add('same-type-read', scope, start, end, replacement);
      tried.add(replacement);
    };
    // 1. The other operand of the same expression.
    if (parent?.nodeType === 'BinaryOperation') {
      const other =
        parent.leftExpression === node
          ? (parent.rightExpression as AstNode)
          : (parent.leftExpression as AstNode);
      if (['Identifier', 'MemberAccess'].includes(other.nodeType) && typeOf(other) === type) {
        const [s, e] = c.range(other);
        add(c.text.slice(s, e));
      }
    }
    if (node.nodeType === 'MemberAccess') {
      // 2. A sibling field of the same struct.
      for (const field of siblingFields(node, index)) {
        add(`${self.slice(0, self.length - String(node.memberName).length)}${field}`);
      }
      continue;
    }
    const decl = index.declarations.get(Number(node.referencedDeclaration));
    if (!decl) continue;
    if (decl.stateVariable === true) {
      // 4. The nearest state variable (or immutable) of the same type.
      const other = nearestStateVar(decl, index);
      if (other) add(String(other.name));
      continue;
    }
    // 3. The nearest locals of the same type visible here.
    const fn = owner.get(node.id);
    const visible = (locals.get(fn ?? -1) ?? [])
      .filter(
        (l) =>
          !tried.has(String(l.decl.name)) &&
          typeOf(l.decl) === type &&
          l.start < start &&
          l.scope[0] <= start &&
          end <= l.scope[1],
      )
      .sort((a, b) => b.start - a.start)
      .slice(0, NEIGHBOURS);
    for (const l of visible) add(String(l.decl.name));
  }
}

function twoPlaces(c: SemanticContext, index: Index): void {
  const written = writtenIds(c.ast);
  for (const { node, scope } of c.walk(c.ast)) {
    if (
      node.nodeType === 'TupleExpression' &&
      node.isInlineArray !== true &&
      !written.has(node.id)
    ) {
      const parts = (node.components as (AstNode | null)[]).filter((p): p is AstNode => !!p);
      if (parts.length < 2 || parts.some((p) => typeOf(p) === '')) continue;
      parts.forEach((to, j) => {
        const from = parts.find((p, i) => i !== j && typeOf(p) === typeOf(to));
        if (!from) return;
        const [s, e] = c.range(to);
        const [fs, fe] = c.range(from);
        c.add('two-places', scope, s, e, c.text.slice(fs, fe));
      });
    }
    if (node.nodeType === 'ExpressionStatement') {
      const assign = node.expression as AstNode;
      if (assign.nodeType !== 'Assignment' || assign.operator !== '=') continue;
      const target = assign.leftHandSide as AstNode;
      if (!c.writesStorage(target)) continue;
      const [s, e] = c.range(target);
      const self = c.text.slice(s, e);
      let second: string | undefined;
      if (target.nodeType === 'Identifier') {
        const decl = index.declarations.get(Number(target.referencedDeclaration));
        const other = decl && nearestStateVar(decl, index);
        if (other && other.mutability !== 'immutable') second = String(other.name);
      } else if (target.nodeType === 'MemberAccess') {
        const field = siblingFields(target, index)[0];
        if (field)
          second = `${self.slice(0, self.length - String(target.memberName).length)}${field}`;
      }
      if (second) c.add('two-places', scope, s, e, `${self} = ${second}`);
    }
  }
}

function argumentSwaps(c: SemanticContext): void {
  for (const { node, scope } of c.walk(c.ast)) {
    if (node.nodeType !== 'FunctionCall' || node.kind !== 'functionCall') continue;
    if ((node.names as string[]).length > 0) continue;
    const args = node.arguments as AstNode[];
    for (let i = 0; i < args.length; i++) {
      const j = args.findIndex((a, k) => k > i && typeOf(a) === typeOf(args[i]));
      if (j < 0 || !isValueType(typeOf(args[i]))) continue;
      const [is, ie] = c.range(args[i]!);
      const [js, je] = c.range(args[j]!);
      const a = c.text.slice(is, ie);
      const b = c.text.slice(js, je);
      if (a === b) continue;
      c.add('argument-swap', scope, is, je, `${b}${c.text.slice(ie, js)}${a}`);
    }
  }
}

function effectDeletes(c: SemanticContext, index: Index): void {
  for (const { node, scope } of c.walk(c.ast)) {
    if (
      node.nodeType === 'Assignment' &&
      (node.leftHandSide as AstNode).nodeType === 'TupleExpression'
    ) {
      const parts = (node.leftHandSide as AstNode).components as (AstNode | null)[];
      if (parts.filter(Boolean).length < 2) continue;
      for (const part of parts) {
        if (part && c.writesStorage(part)) {
          const [s, e] = c.range(part);
          c.add('effect-delete', scope, s, e, '');
        }
      }
    }
    if (node.nodeType === 'ExpressionStatement') {
      const callee = internalCallee(node.expression as AstNode, index);
      if (callee && index.effectful.has(callee.id)) {
        const [s, e] = c.statementRange(node);
        c.add('effect-delete', scope, s, e, '{}');
      }
    }
  }
}

/** True when the statement writes storage (directly, in a branch, or through an internal call). */
function writesState(statement: AstNode, c: SemanticContext, index: Index): boolean {
  for (const node of nodes(statement)) {
    if (node.nodeType === 'Assignment' && c.writesStorage(node.leftHandSide as AstNode))
      return true;
    if (
      node.nodeType === 'UnaryOperation' &&
      ['++', '--', 'delete'].includes(String(node.operator)) &&
      c.writesStorage(node.subExpression as AstNode)
    )
      return true;
    const callee = internalCallee(node, index);
    if (callee && index.effectful.has(callee.id)) return true;
  }
  return false;
}

function callsBeforeWrites(c: SemanticContext, index: Index): void {
  for (const { node, scope } of c.walk(c.ast)) {
    if (node.nodeType !== 'Block' && node.nodeType !== 'UncheckedBlock') continue;
    const list = node.statements as AstNode[];
    list.forEach((statement, k) => {
      if (statement.nodeType !== 'ExpressionStatement') return;
      const call = statement.expression as AstNode;
      const inner = internalCallee(call, index);
      if (!isExternalCall(call, index) && !(inner && index.calling.has(inner.id))) return;
      const used = new Set<number>();
      for (const n of nodes(call))
        if (n.referencedDeclaration) used.add(Number(n.referencedDeclaration));
      // Walk back over the statements the call can move before (not past a local it reads).
      let first = -1;
      for (let i = k - 1; i >= 0; i--) {
        const before = list[i]!;
        const declares =
          before.nodeType === 'VariableDeclarationStatement' &&
          (before.declarations as (AstNode | null)[]).some((d) => d && used.has(d.id));
        if (declares) break;
        if (writesState(before, c, index)) first = i;
      }
      if (first < 0) return;
      const [from] = c.range(list[first]!);
      const [callStart, callEnd] = c.statementRange(statement);
      const moved = c.text.slice(callStart, callEnd);
      c.add(
        'call-before-writes',
        scope,
        from,
        callEnd,
        `${moved} ${c.text.slice(from, callStart).trimEnd()}`,
      );
    });
  }
}

/** Every semantic mutant of the file in `c`. */
export function semanticMutants(c: SemanticContext): void {
  const index = buildIndex(c.asts, c.writesStorage);
  // The same edit is recorded once, under the first operator that makes it: a tuple's value in two
  // places is also a read replaced by a neighbour, and is counted as the former.
  twoPlaces(c, index);
  argumentSwaps(c);
  effectDeletes(c, index);
  callsBeforeWrites(c, index);
  sameTypeReads(c, index);
}
