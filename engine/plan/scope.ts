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
}

export type Reference =
  | { readonly kind: 'local'; readonly binding: Binding }
  | { readonly kind: 'tool'; readonly name: string }
  | { readonly kind: 'builtin'; readonly name: string }
  | { readonly kind: 'input' };

export interface Analysis {
  readonly refs: Map<acorn.Identifier, Reference>;
  readonly bindings: Binding[];
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
