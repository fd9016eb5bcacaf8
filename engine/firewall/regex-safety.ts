/**
 * A static ReDoS guard for the firewall's pattern file. JavaScript regexes backtrack, and the
 * firewall runs every pattern over untrusted text of up to 200k characters, so a pattern must
 * keep the work per start position small and fixed:
 *
 * - no backreferences (`\1`, `\k<name>`): they make matching NP-hard in general;
 * - no quantifier that repeats (max > 1) a group containing another quantifier or an
 *   alternation (`(a+)+`, `(a|a)*`, `(?:\s\w{1,9}){1,5}`): the classic exponential blow-ups;
 * - no unbounded quantifier (`*`, `+`, `{n,}`): with a global scan an unbounded `.*` is
 *   quadratic on long text; write `.{0,80}`, and at most `maxRepeat` repetitions.
 *
 * The check is conservative (it refuses some safe patterns); patterns are data written by us,
 * so clarity beats expressiveness.
 */

interface Frame {
  hasQuantifier: boolean;
  hasAlternation: boolean;
}

type Atom = { kind: 'none' } | { kind: 'simple' } | { kind: 'group'; frame: Frame };

/** Describes why `source` is unsafe, or returns null when it passes. */
export function regexSafetyProblem(source: string, maxRepeat = 200): string | null {
  const stack: Frame[] = [{ hasQuantifier: false, hasAlternation: false }];
  let last: Atom = { kind: 'none' };
  let i = 0;
  const top = (): Frame => stack[stack.length - 1] ?? { hasQuantifier: false, hasAlternation: false };

  const quantify = (min: number, max: number, at: number): string | null => {
    if (last.kind === 'none') return `quantifier at ${at} has nothing to repeat`;
    if (!Number.isFinite(max))
      return `unbounded quantifier at ${at}; write a bounded one such as {0,${Math.min(maxRepeat, 80)}}`;
    if (max > maxRepeat) return `quantifier at ${at} allows ${max} repetitions (at most ${maxRepeat})`;
    if (min > max) return `quantifier at ${at} has min > max`;
    if (last.kind === 'group' && max > 1 && (last.frame.hasQuantifier || last.frame.hasAlternation))
      return `nested quantifier at ${at}: a repeated group contains ${
        last.frame.hasQuantifier ? 'a quantifier' : 'an alternation'
      }`;
    top().hasQuantifier = true;
    last = { kind: 'simple' };
    return null;
  };

  while (i < source.length) {
    const ch = source[i] ?? '';
    if (ch === '\\') {
      const next = source[i + 1] ?? '';
      if (/[1-9]/.test(next)) return `backreference \\${next} at ${i}`;
      if (next === 'k' && source[i + 2] === '<') return `named backreference at ${i}`;
      if ((next === 'p' || next === 'P' || next === 'u') && source[i + 2] === '{') {
        const close = source.indexOf('}', i + 3);
        i = close < 0 ? source.length : close + 1;
      } else i += 2;
      last = { kind: 'simple' };
      continue;
    }
    if (ch === '[') {
      let j = i + 1;
      if (source[j] === '^') j++;
      if (source[j] === ']') j++;
      while (j < source.length && source[j] !== ']') j += source[j] === '\\' ? 2 : 1;
      if (j >= source.length) return `unterminated character class at ${i}`;
      i = j + 1;
      last = { kind: 'simple' };
      continue;
    }
    if (ch === '(') {
      stack.push({ hasQuantifier: false, hasAlternation: false });
      last = { kind: 'none' };
      if (source[i + 1] === '?') {
        const m = /^\?(?::|=|!|<=|<!|<[A-Za-z_$][\w$]*>)/.exec(source.slice(i + 1));
        if (!m) return `unsupported group syntax at ${i}`;
        i += 1 + m[0].length;
      } else i++;
      continue;
    }
    if (ch === ')') {
      if (stack.length <= 1) return `unbalanced ")" at ${i}`;
      const frame = stack.pop() ?? { hasQuantifier: false, hasAlternation: false };
      const parent = top();
      parent.hasQuantifier ||= frame.hasQuantifier;
      parent.hasAlternation ||= frame.hasAlternation;
      last = { kind: 'group', frame };
      i++;
      continue;
    }
    if (ch === '|') {
      top().hasAlternation = true;
      last = { kind: 'none' };
      i++;
      continue;
    }
    if (ch === '*' || ch === '+' || ch === '?') {
      const problem = quantify(ch === '+' ? 1 : 0, ch === '?' ? 1 : Infinity, i);
      if (problem) return problem;
      i++;
      if (source[i] === '?') i++;
      continue;
    }
    if (ch === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i));
      if (m) {
        const min = Number(m[1]);
        const max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
        const problem = quantify(min, max, i);
        if (problem) return problem;
        i += m[0].length;
        if (source[i] === '?') i++;
        continue;
      }
    }
    if (ch === '^' || ch === '$') {
      last = { kind: 'none' };
      i++;
      continue;
    }
    last = { kind: 'simple' };
    i++;
  }
  if (stack.length !== 1) return 'unbalanced "(" in the pattern';
  return null;
}
