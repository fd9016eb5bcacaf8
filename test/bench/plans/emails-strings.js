// Build a digest of 300 emails: concatenation in a loop, template literals, split/join.
/* global listEmails -- a tool: plans see tools as global async functions */
const emails = await listEmails({ limit: 300 });
let digest = '';
const lines = [];
for (let i = 0; i < emails.length; i++) {
  const e = emails[i];
  const name = e.from.split('<')[0].trim();
  digest += i + 1 + '. ' + name + ' - ' + e.subject + '\n';
  lines.push(`[${e.date.slice(0, 10)}] ${name.padEnd(16, '.')} ${e.subject.toUpperCase()} (${e.body.length} chars)`);
}
const words = [];
for (const e of emails.slice(0, 100)) {
  for (const w of e.body.split(' ')) {
    if (w.length > 6) words.push(w.toLowerCase());
  }
}
const report = lines.join('\n');
return {
  digestLength: digest.length,
  reportLength: report.length,
  head: report.slice(0, 200),
  words: words.length,
  sample: words.slice(0, 12).join(','),
};
