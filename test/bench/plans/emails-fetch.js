// The tool bridge alone: fetch 300 emails and count them (no per-email work in the plan).
/* global listEmails -- a tool: plans see tools as global async functions */
const emails = await listEmails({ limit: 300 });
return emails.length;
