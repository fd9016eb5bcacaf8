/**
 * One of the committers the race test starts on the same profile: it drains the outbox through
 * a real SMTP server until the claim is settled, then exits 0.
 * Run: node --import tsx race-child.ts PROFILE_DIR SENT_DIR SMTP_PORT CLAIM_ID
 */
import { openProfile } from '../../../main/profile/profile';
import { raceOutbox } from './fixtures';

const [profileDir, sentDir, port, id] = process.argv.slice(2);
const profile = openProfile(profileDir!, { create: false });
const outbox = raceOutbox(profile, sentDir!, Number(port));
process.stdout.write('ready\n');
for (;;) {
  await outbox.processDue();
  const e = outbox.entry(id!);
  if (e && (e.state === 'sent' || e.state === 'failed')) break;
  await new Promise((r) => setTimeout(r, 10));
}
profile.close();
process.stdout.write('done\n');
