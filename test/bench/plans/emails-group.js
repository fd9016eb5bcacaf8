// Group 300 emails by sender (Map) and by domain (plain object), then rank the senders.
/* global listEmails -- a tool: plans see tools as global async functions */
const emails = await listEmails({ limit: 300 });
const bySender = new Map();
const byDomain = {};
for (const e of emails) {
  const lt = e.from.indexOf('<');
  const addr = (lt >= 0 ? e.from.slice(lt + 1, e.from.indexOf('>')) : e.from).toLowerCase();
  const domain = addr.split('@')[1];
  if (!bySender.has(addr)) bySender.set(addr, { count: 0, unread: 0, subjects: [] });
  const g = bySender.get(addr);
  g.count = g.count + 1;
  if (e.unread) g.unread = g.unread + 1;
  if (g.subjects.length < 3) g.subjects.push(e.subject);
  byDomain[domain] = (byDomain[domain] || 0) + 1;
}
const senders = [...bySender.entries()]
  .map(([addr, g]) => ({ addr, ...g }))
  .sort((a, b) => b.count - a.count || (a.addr < b.addr ? -1 : 1));
const domains = Object.entries(byDomain).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
return { senders: senders.length, top: senders.slice(0, 3), domains };
