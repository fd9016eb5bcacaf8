/**
 * The line of a message that the Inbox list shows under its subject: text a person reads, never
 * markup. A body may be HTML even where the store keeps text (the demo world writes HTML bodies;
 * some senders put HTML in a text part), so a body that looks like HTML is read as a browser
 * would read it (tags dropped, entities decoded); either way the white space is collapsed to
 * single spaces and the line cut to SNIPPET_LENGTH characters.
 */
import { htmlToText } from './html';

export const SNIPPET_LENGTH = 160;

/** A tag of an element that mail is written with, or a doctype: plain text rarely has one. */
const HTML_TAG =
  /<!doctype html|<\/?(?:html|head|body|p|div|span|br|a|img|table|tr|td|th|ul|ol|li|b|i|u|em|strong|font|center|h[1-6]|blockquote|pre|hr|style|meta|title)\b[^<>]*>/i;

export const looksLikeHtml = (body: string): boolean => HTML_TAG.test(body);

/** The body as a person reads it in the text view: a body written as HTML is shown as its text. */
export const readableText = (body: string): string => (looksLikeHtml(body) ? htmlToText(body) : body);

export function snippet(body: string): string {
  return readableText(body).replace(/\s+/g, ' ').trim().slice(0, SNIPPET_LENGTH).trimEnd();
}
