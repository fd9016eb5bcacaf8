// Classify 300 emails by keyword (string methods in nested loops) and count the tags.
/* global listEmails -- a tool: plans see tools as global async functions */
const emails = await listEmails({ limit: 300 });
const rules = [
  { tag: 'finance', words: ['invoice', 'payment', 'receipt', 'iban'] },
  { tag: 'meeting', words: ['meeting', 'calendar', 'agenda', 'call'] },
  { tag: 'urgent', words: ['urgent', 'asap', 'deadline'] },
  { tag: 'newsletter', words: ['unsubscribe', 'newsletter', 'digest'] },
  { tag: 'security', words: ['password', 'login', 'verify', 'code'] },
];
const counts = {};
const urgentUnread = [];
for (const e of emails) {
  const text = (e.subject + ' ' + e.body).toLowerCase();
  const tags = [];
  for (const r of rules) {
    let hit = false;
    for (const w of r.words) {
      if (text.includes(w)) {
        hit = true;
        break;
      }
    }
    if (hit) tags.push(r.tag);
  }
  if (tags.length === 0) tags.push('other');
  for (const t of tags) counts[t] = (counts[t] ?? 0) + 1;
  if (e.unread && tags.includes('urgent')) urgentUnread.push(`${e.id}: ${e.subject.slice(0, 40)}`);
}
return { total: emails.length, counts, urgentUnread: urgentUnread.length, first: urgentUnread.slice(0, 5) };
