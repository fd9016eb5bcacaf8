/**
 * What a run records of each gate input is what JSON would write (the profile stores it as
 * JSON), copied without the text: for any plain value the copy equals the JSON round trip, and
 * an object the run's calls share (a label) is copied once, its strings shared.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonCopier } from '../../main/engine-host/recorded-run';

describe('the gate input a run records', () => {
  it('is what a JSON round trip gives', () => {
    fc.assert(
      fc.property(fc.anything({ withDate: true, withSparseArray: true, withNullPrototype: true }), (x) => {
        const text = JSON.stringify({ x });
        expect(jsonCopier()({ x })).toEqual(JSON.parse(text));
      }),
      { numRuns: 500 },
    );
  });

  it('copies a label the calls share once', () => {
    const label = { sources: Array.from({ length: 1_000 }, (_, i) => `tool:listEmails:m${i}#listed`) };
    const copy = jsonCopier();
    const a = copy({ call: { context: label } }) as { call: { context: unknown } };
    const b = copy({ call: { context: label, args: [label] } }) as { call: { context: unknown } };
    expect(b.call.context).toBe(a.call.context);
    expect(a.call.context).toEqual(label);
  });
});
