import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PATTERNS,
  INJECTION_CATEGORIES,
  loadPatternSet,
  PatternFileError,
  regexSafetyProblem,
} from '../../../engine/firewall/index';
import embedded from '../../../engine/firewall/patterns.embed.generated';

const root = join(__dirname, '..', '..', '..');

function loadError(text: string): PatternFileError {
  try {
    loadPatternSet(text, 'bad.yaml');
  } catch (e) {
    if (e instanceof PatternFileError) return e;
    throw e;
  }
  throw new Error('expected the pattern file to be refused');
}

const entry = (fields: string): string =>
  `version: 1\npatterns:\n  - id: ok-one\n    category: tool-directive\n    description: fine\n    regex: 'abc'\n${fields}`;

describe('the built-in pattern file', () => {
  it('is embedded from the YAML source (run `npm run gen` after editing it)', () => {
    expect(embedded).toBe(readFileSync(join(root, 'engine/firewall/patterns.embed.yaml'), 'utf8'));
  });

  it('loads, and covers every category', () => {
    expect(DEFAULT_PATTERNS.patterns.length).toBeGreaterThanOrEqual(30);
    const cats = new Set(DEFAULT_PATTERNS.patterns.map((p) => p.category));
    for (const c of INJECTION_CATEGORIES) expect(cats.has(c), c).toBe(true);
  });

  it('has only ReDoS-safe regexes', () => {
    const yamlText = readFileSync(join(root, 'engine/firewall/patterns.embed.yaml'), 'utf8');
    expect(loadPatternSet(yamlText).patterns.length).toBe(DEFAULT_PATTERNS.patterns.length);
  });
});

describe('loadPatternSet refuses bad files loudly, with positions', () => {
  it('reports YAML syntax errors', () => {
    const e = loadError('version: 1\npatterns: [\n  - id: x\n');
    expect(e.message).toMatch(/bad\.yaml:\d+:\d+: /);
  });

  it('reports schema problems at the offending node', () => {
    const e = loadError(entry('  - id: two\n    category: nonsense\n    description: d\n    regex: x\n'));
    expect(e.message).toMatch(/bad\.yaml:8:15: patterns\[1\]\.category: /);
  });

  it('reports unknown keys and missing fields', () => {
    expect(
      loadError(entry('  - id: two\n    category: exfiltration\n    description: d\n    regex: x\n    colour: red\n'))
        .message,
    ).toMatch(/bad\.yaml:\d+:\d+: patterns\[1\]/);
    expect(loadError(entry('  - id: two\n    category: exfiltration\n    regex: x\n')).message).toMatch(
      /patterns\[1\]\.description/,
    );
    expect(loadError('version: 2\npatterns: []\n').message).toMatch(/bad\.yaml:1:10: version/);
  });

  it.each([
    ['(a+)+', /unbounded|nested/],
    ['(?:a{1,3}){1,3}', /nested quantifier/],
    ['(?:a|ab){1,9}', /nested quantifier.*alternation/],
    ['(a)\\1', /backreference/],
    ['(?<x>a)\\k<x>', /named backreference/],
    ['a.*b', /unbounded/],
    ['a{2,}', /unbounded/],
    ['a{0,5000}', /at most 200/],
  ])('refuses the unsafe regex %s with its line', (regex, why) => {
    const e = loadError(entry(`  - id: two\n    category: exfiltration\n    description: d\n    regex: '${regex}'\n`));
    expect(e.message).toMatch(/bad\.yaml:10:12: patterns\[1\] \(two\)\.regex is not ReDoS-safe/);
    expect(e.message).toMatch(why);
  });

  it('refuses regexes that do not compile or match the empty string, and duplicate ids', () => {
    expect(
      loadError(entry("  - id: two\n    category: exfiltration\n    description: d\n    regex: '[a-'\n")).message,
    ).toMatch(/unterminated character class|does not compile/);
    expect(
      loadError(entry("  - id: two\n    category: exfiltration\n    description: d\n    regex: 'a?'\n")).message,
    ).toMatch(/matches the empty string/);
    expect(
      loadError(entry("  - id: ok-one\n    category: exfiltration\n    description: d\n    regex: 'x'\n")).message,
    ).toMatch(/bad\.yaml:7:9: patterns\[1\]\.id: duplicate id/);
    expect(
      loadError(entry("  - id: two\n    category: exfiltration\n    description: d\n    regex: 'x'\n    flags: gi\n"))
        .message,
    ).toMatch(/flags/);
  });
});

describe('regexSafetyProblem', () => {
  it.each([
    'abc',
    'a{0,50}b',
    '(?:ab){1,3}',
    '(?:a|b)?c',
    '(?:x\\s{1,3})?y',
    '[a-z]{1,20}@',
    '\\bfoo\\b(?!\\sbar)',
    '(?<![\\d])\\d{4}',
  ])('accepts %s', (re) => {
    expect(regexSafetyProblem(re)).toBeNull();
  });
  it.each(['(a|a)*', '(a*)*', '(a+)+b', '\\1', 'x+', '(?:a?){2,5}'])('refuses %s', (re) => {
    expect(regexSafetyProblem(re)).not.toBeNull();
  });
});
