/**
 * Which words of a message a person sends came from the assistant's draft: the longest common
 * subsequence of the two texts' words, as ranges of the sent text's words. The audit keeps it, so
 * "who wrote this" stays answerable after the draft became the person's message.
 */

const words = (text: string): string[] => text.split(/\s+/).filter(Boolean);

/** Past this many word pairs the comparison is skipped (it is quadratic) and only counts are kept. */
const MAX_CELLS = 4_000_000;

export interface DraftAttribution {
  /** Words in the message sent. */
  readonly sentWords: number;
  /** Of those, the words kept from the assistant's draft (null: too long to compare). */
  readonly assistantWords: number | null;
  /** `[start, end)` ranges of the sent message's words that are the assistant's. */
  readonly assistantRanges: readonly (readonly [number, number])[];
  readonly unchanged: boolean;
}

export function attributeDraft(draft: string, sent: string): DraftAttribution {
  const a = words(draft);
  const b = words(sent);
  const unchanged = a.join(' ') === b.join(' ');
  if (unchanged)
    return {
      sentWords: b.length,
      assistantWords: b.length,
      assistantRanges: b.length ? [[0, b.length]] : [],
      unchanged,
    };
  if (a.length * b.length > MAX_CELLS)
    return { sentWords: b.length, assistantWords: null, assistantRanges: [], unchanged };
  // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const kept: boolean[] = new Array<boolean>(b.length).fill(false);
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] === b[j]) {
      kept[j] = true;
      i++;
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) i++;
    else j++;
  }
  const ranges: [number, number][] = [];
  kept.forEach((k, j) => {
    if (!k) return;
    const last = ranges[ranges.length - 1];
    if (last && last[1] === j) last[1] = j + 1;
    else ranges.push([j, j + 1]);
  });
  return {
    sentWords: b.length,
    assistantWords: kept.filter(Boolean).length,
    assistantRanges: ranges,
    unchanged,
  };
}
