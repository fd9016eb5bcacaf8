/**
 * Refuses regular-expression literals that can backtrack catastrophically (ReDoS): back-
 * references, and quantified groups that contain another quantifier (`(a+)+`, `(a|b*)*`).
 * A small scanner over the pattern source is enough: plans only contain literals.
 */
export function regexProblem(pattern: string): string | null {
  // Per open group: does it contain a quantifier so far?
  const stack: boolean[] = [];
  let lastGroupHadQuantifier = false;
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      const n = pattern[i + 1] ?? '';
      if (!inClass && (/[1-9]/.test(n) || n === 'k')) return 'regular expressions with backreferences are not allowed';
      i++;
      lastGroupHadQuantifier = false;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') {
      inClass = true;
      lastGroupHadQuantifier = false;
      continue;
    }
    if (c === '(') {
      stack.push(false);
      continue;
    }
    if (c === ')') {
      lastGroupHadQuantifier = stack.pop() ?? false;
      if (lastGroupHadQuantifier && stack.length) stack[stack.length - 1] = true;
      continue;
    }
    const quant = c === '*' || c === '+' || c === '?' || c === '{';
    if (quant) {
      if (c === '{' && !/^\{\d+(,\d*)?\}/.test(pattern.slice(i))) continue;
      // `?` after a quantifier is laziness, not a new quantifier.
      const prevWasGroup = pattern[i - 1] === ')';
      if (prevWasGroup && lastGroupHadQuantifier && c !== '?')
        return 'regular expressions with nested quantifiers are not allowed (they can take exponential time)';
      if (stack.length) stack[stack.length - 1] = true;
      if (c === '{') i = pattern.indexOf('}', i);
      lastGroupHadQuantifier = false;
      continue;
    }
    lastGroupHadQuantifier = false;
  }
  return null;
}
