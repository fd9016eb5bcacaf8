// request: Which emails ask me for a meeting?
// expect: result
const inbox = await listEmails({ folder: 'INBOX', limit: 100 });
const asks = [];
for (const e of inbox) {
  let kind = 'other';
  try {
    kind = await classify(`${e.subject}\n${e.body}`, ['meeting request', 'other']);
  } catch (err) {
    kind = 'other';
  }
  if (kind === 'meeting request') asks.push({ from: e.from, subject: e.subject });
}
return asks;
