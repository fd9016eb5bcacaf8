/**
 * What a run shows with its fast paths on and off (`noFastPaths`), as one comparable string: its
 * result, its error kind, each part's label and what `more` picks from the report (the label count,
 * the calls). A fast path must leave every one of them as the tables make them.
 */
import { simulate } from '../../engine/run/simulate';
import type { RunReport } from '../../engine/run/types';

type Options = Parameters<typeof simulate>[0];

export async function fastPathOutcome(
  run: Omit<Options, 'noFastPaths'>,
  noFastPaths: boolean,
  more: (r: RunReport) => unknown,
): Promise<string> {
  const { report } = await simulate({ ...run, noFastPaths });
  const parts = [...(report.resultParts ?? [])].sort((x, y) => (x.path < y.path ? -1 : 1));
  return JSON.stringify({
    result: report.result,
    error: report.error?.kind ?? null,
    parts: parts.map((p) => [p.path, p.label]),
    more: more(report),
  });
}
