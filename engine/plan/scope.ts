/**
 * What pass 1 (analyze.ts) hands to the compiler: every declaration of the plan and what each
 * identifier refers to, and the lexical scopes it resolves them in.
 */
import type * as acorn from 'acorn';

export interface Binding {
  readonly name: string;
  readonly kind: 'let' | 'const' | 'function' | 'param' | 'catch';
  /** The node that declares it (the Identifier). */
  readonly id: acorn.Identifier;
  /** Range of the scope it lives in. */
  readonly scopeStart: number;
  readonly scopeEnd: number;
  /** For `function f(){}` and `const f = () => …`: the function, when never reassigned. */
  fn: acorn.Function | null;
  /** Initialiser is a fresh container literal (`[]`, `{}`, `new Map()`), and never assigned (assigning clears it). */
  fresh: boolean;
  /** Fresh, and the literal is an array: the variable only ever holds that array (boxed, maybe). */
  array: boolean;
  assigned: boolean;
  /**
   * Where, in its own function's code, it is certainly initialised: the end of its declarator
   * (`let`/`const`) or parameter, its scope's start (a function declaration, hoisted; a catch
   * binding), or never (`Infinity`: a `let`/`const` of a switch, whose cases share one scope, so
   * a case may run without the one that declares it). See `initialisedAt`.
   */
  ready: number;
}

/** A plan function's range; `hoisted` for a declaration, callable before the code around it runs. */
export interface FunctionRange {
  readonly start: number;
  readonly end: number;
  readonly hoisted: boolean;
}

export type Reference =
  | { readonly kind: 'local'; readonly binding: Binding }
  | { readonly kind: 'tool'; readonly name: string }
  | { readonly kind: 'builtin'; readonly name: string }
  | { readonly kind: 'input' };

export interface Analysis {
  readonly refs: Map<acorn.Identifier, Reference>;
  readonly bindings: Binding[];
  readonly functions: FunctionRange[];
}

export interface Scope {
  readonly parent: Scope | null;
  readonly vars: Map<string, Binding>;
  readonly start: number;
  readonly end: number;
  readonly isFunction: boolean;
}

export const newScope = (parent: Scope | null, node: { start: number; end: number }, isFunction: boolean): Scope => ({
  parent,
  vars: new Map(),
  start: node.start,
  end: node.end,
  isFunction,
});

/** The innermost declaration of `name` visible from `scope`. */
export const lookup = (scope: Scope | null, name: string): Binding | null => {
  for (let s = scope; s; s = s.parent) {
    const b = s.vars.get(name);
    if (b) return b;
  }
  return null;
};

/**
 * Is `b` certainly initialised whenever code at `at` runs? A `let`/`const` is in its temporal dead
 * zone until its declaration has run, and reading it there throws: code the compiler adds (a
 * region's capture and upgrades, a fast path's operand) must not read it there when the plan
 * itself would not. It is initialised at `at` when `at` is past `b.ready` and every function
 * between `b`'s scope and `at` is an expression made after that point (a declaration is hoisted:
 * it may be called before `b` is declared, `f(); const out = []; function f() { … out … }`).
 */
export function initialisedAt(a: Analysis, b: Binding, at: number): boolean {
  if (b.ready > at) return false;
  for (const f of a.functions)
    if (f.start > b.scopeStart && f.start < at && at < f.end && (f.hoisted || f.start < b.ready)) return false;
  return true;
}
