/** The few headers the send tests check, read from a raw message (unfolded). */
export function simpleParser(raw: string): {
  subject?: string;
  inReplyTo?: string;
  references?: string;
  messageId?: string;
} {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const get = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim();
  return {
    subject: get('Subject'),
    inReplyTo: get('In-Reply-To'),
    references: get('References'),
    messageId: get('Message-ID'),
  };
}
