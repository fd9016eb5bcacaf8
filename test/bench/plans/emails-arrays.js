// Array methods over 300 emails: filter, map, reduce, sort, some/every/find.
/* global listEmails -- a tool: plans see tools as global async functions */
const emails = await listEmails({ limit: 300 });
const unread = emails.filter((e) => e.unread);
const sizes = emails.map((e) => e.body.length);
const total = sizes.reduce((a, b) => a + b, 0);
const longest = [...emails]
  .sort((a, b) => b.body.length - a.body.length || (a.id < b.id ? -1 : 1))
  .slice(0, 10)
  .map((e) => e.id);
const bySubject = emails
  .map((e) => ({ id: e.id, s: e.subject.toLowerCase() }))
  .sort((a, b) => (a.s < b.s ? -1 : a.s > b.s ? 1 : a.id < b.id ? -1 : 1));
const withCc = emails.filter((e) => e.cc.length > 0).map((e) => e.id);
return {
  unread: unread.length,
  total,
  avg: Math.round(total / emails.length),
  longest,
  firstSubjects: bySubject.slice(0, 5).map((x) => x.s),
  withCc: withCc.length,
  anyUrgent: emails.some((e) => e.subject.includes('URGENT')),
  allDated: emails.every((e) => e.date.length > 0),
  firstInvoice: emails.find((e) => e.subject.toLowerCase().includes('invoice'))?.id ?? null,
};
