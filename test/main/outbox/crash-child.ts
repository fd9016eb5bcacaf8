/**
 * The process the crash test kills. `approve ID…` approves those claims one by one (printing
 * `approved ID` after each returns), then every mode drains the outbox and exits 0.
 * Run: node --import tsx crash-child.ts PROFILE_DIR SENT_DIR SMTP_PORT [approve ID…]
 */
import { Outbox } from '../../../main/outbox/outbox';
import { smtpTransport } from '../../../main/outbox/mail-transport';
import { openProfile } from '../../../main/profile/profile';
import { plainComposer, serverSentFolder } from './fixtures';

const [profileDir, sentDir, port, mode, ...ids] = process.argv.slice(2);
const profile = openProfile(profileDir!, { create: false });
process.stdout.write('ready\n');
if (mode === 'approve') {
  for (const id of ids) {
    profile.claims.approve(id, { by: 'crash-test', now: new Date(), undoWindowMs: 0, transport: 'smtp' });
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
const outbox = new Outbox(profile.claims, new Map([['smtp', transport]]), {
  // A killed child's lease expires quickly, so the restarted one reconciles without a long wait.
  leaseMs: 600,
  backoffMs: 20,
  maxBackoffMs: 200,
  maxAttempts: 50,
});
for (;;) {
  await outbox.processDue();
  if (outbox.nextDue() === null) break;
  await new Promise((r) => setTimeout(r, 20));
}
profile.close();
process.stdout.write('done\n');
