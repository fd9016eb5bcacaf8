/**
 * What the command prints is read on a terminal, and much of it is text from mail: a subject, a
 * sender, a summary. A terminal acts on control characters rather than showing them — ESC starts
 * sequences that move the cursor, clear or hide lines and make links, CR returns to the start of
 * the line — so a subject could redraw `claims show`'s card, writing its own recipient over the
 * action's (red-team round 24). Every chunk written to stdout and stderr is therefore made inert
 * here, in one place: each C0 control but tab and line feed, DEL, each C1 control and each bidi
 * override, embedding or isolate is written as its JSON escape (`\u001b`). JSON output stays valid
 * and means the same: those characters only ever appear inside its strings, where the escape reads
 * back as the character.
 */

/** Every control character (C0, DEL, C1: `\p{Cc}`) but tab and line feed, and the bidi controls. */
const ACTED_ON = /[^\P{Cc}\t\n]|[\u202a-\u202e\u2066-\u2069]/gu;

/** `text` with every character a terminal acts on spelled as its `\uXXXX` escape. */
export const inert = (text: string): string =>
  text.replace(ACTED_ON, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Makes every string `stream` is given inert before it is written. */
export function writeInert(stream: NodeJS.WriteStream): void {
  const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
  stream.write = ((chunk: unknown, ...rest: unknown[]) =>
    write(typeof chunk === 'string' ? inert(chunk) : chunk, ...rest)) as typeof stream.write;
}
