/**
 * Which messages are one conversation: those of an account linked by a thread (References/
 * In-Reply-To) or by a subject key (the subject without Re:/Fwd:, never empty), and everything
 * linked to them in turn — the links are followed to the end, so when A and B share a subject
 * and B and C a thread, A, B and C are one conversation. A union-find over the two kinds of key;
 * each conversation is named by one of its messages (`messages.conversation`). The store keeps
 * the names as messages arrive (MessagesRepo.upsert joins the conversations a new message links);
 * this fills them for messages stored before (migration 011).
 */

export interface ConversationKeys {
  readonly id: string;
  readonly accountId: string;
  readonly threadId: string;
  readonly subjectKey: string;
}

/** The conversation of each message: the smallest message id of its conversation. */
export function conversationsOf(messages: readonly ConversationKeys[]): Map<string, string> {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let root = x;
    while (parent.get(root) !== root) root = parent.get(root)!;
    // Path compression: every node on the way points at the root.
    for (let n = x; n !== root;) {
      const next = parent.get(n)!;
      parent.set(n, root);
      n = next;
    }
    return root;
  };
  const union = (a: string, b: string): void => {
    const [ra, rb] = [find(a), find(b)];
    if (ra !== rb) parent.set(ra < rb ? rb : ra, ra < rb ? ra : rb);
  };
  // A key's first message stands for it; every other message with that key joins it.
  const firstWithKey = new Map<string, string>();
  const link = (key: string, id: string): void => {
    const first = firstWithKey.get(key);
    if (first === undefined) firstWithKey.set(key, id);
    else union(first, id);
  };
  for (const m of messages) parent.set(m.id, m.id);
  for (const m of messages) {
    link(`t\u0000${m.accountId}\u0000${m.threadId}`, m.id);
    if (m.subjectKey !== '') link(`s\u0000${m.accountId}\u0000${m.subjectKey}`, m.id);
  }
  return new Map(messages.map((m) => [m.id, find(m.id)]));
}
