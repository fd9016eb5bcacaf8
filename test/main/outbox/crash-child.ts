/**
 * The process the crash test kills. `approve ID…` approves those claims one by one (printing
 * `approved ID` after each returns), then every mode drains the outbox and exits 0.
 * Run: node --import tsx crash-child.ts DB SENT_DIR SMTP_PORT [approve ID…]
 */
import { ClaimStore } from '../../../main/claims/claim-store';
import { Outbox } from '../../../main/outbox/outbox';
import { smtpTransport } from '../../../main/outbox/mail-transport';
import { MIGRATIONS, openDatabase } from '../../../main/store';
import { plainComposer, serverSentFolder, tableSink } from './fixtures';

const [dbPath, sentDir, port, mode, ...ids] = process.argv.slice(2);
const db = openDatabase(dbPath!, { migrations: MIGRATIONS });
const audit = tableSink(db);
process.stdout.write('ready\n');
if (mode === 'approve') {
  const claims = new ClaimStore(db, audit);
  for (const id of ids) {
    claims.approve(id, { by: 'crash-test', now: new Date(), undoWindowMs: 0, transport: 'smtp' });
    process.stdout.write(`approved ${id}\n`);
  }
}
const transport = smtpTransport({
  smtp: {
    host: '127.0.0.1',
    port: Number(port),
    secure: false,
    ignoreTLS: true,
    connectionTimeout: 2000,
    greetingTimeout: 2000,
    socketTimeout: 5000,
  },
  composer: plainComposer,
  sent: serverSentFolder(sentDir!),
});
const outbox = new Outbox(db, new Map([['smtp', transport]]), audit, {
  backoffMs: 20,
  maxBackoffMs: 200,
  maxAttempts: 50,
});
for (;;) {
  await outbox.processDue();
  if (outbox.nextDue() === null) break;
  await new Promise((r) => setTimeout(r, 20));
}
db.close();
process.stdout.write('done\n');
