/**
 * What the fraud checks read of a message's HTML part (engine/fraud `HtmlReading`): its text as
 * the viewer shows it and its links with the text they show, worked out once when the message is
 * parsed and stored beside it (store migration 17). Read again at every check, the HTML part was
 * parsed each time a message was opened or triaged: the checks took about 2.5 times as long on
 * rich HTML mail. A message stored before the column existed is read here when it is checked.
 */
import { htmlLinks, type HtmlReading } from '../../engine/fraud';
import { htmlToText } from './html';

/** `html`: the sanitised HTML the store keeps (main/mail/html.ts `sanitizeHtml`), which the viewer shows; null: none. */
export const readHtml = (html: string | null): HtmlReading | null =>
  html === null ? null : { text: htmlToText(html), links: htmlLinks(html) };

/** A stored message's reading of its HTML part: the one kept with it, else worked out now (older rows). */
export const htmlReadingOf = (m: {
  readonly html: string | null;
  readonly htmlReading?: HtmlReading | null;
}): HtmlReading | null => (m.html === null ? null : (m.htmlReading ?? readHtml(m.html)));
