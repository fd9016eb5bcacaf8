import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'vitest';
import { loadWorld, simulate } from '../../../engine';
import { parseWorld, WorldState } from '../../../engine/world';
const DEMO = join(process.cwd(), 'resources/demo-world.yaml');
const A = readFileSync(DEMO, 'utf8');
const B = A.replace("subject: 'Shipping update: action required'", "subject: 'Hello'");
const attacker = "(await getEmail('e33')).subject.includes('Shipping')";
it('probe', async () => {
  const plans = [`if (${attacker}) { await markRead('e01'); }`, "const xs = await listEmails({ folder: 'all' }); for (const m of xs) { if (m.id === 'e01' && m.unread) { await markRead(m.id); } }"];
  for (const text of [A, B]) {
    let world = loadWorld(text, DEMO);
    const out: string[] = [];
    for (const plan of plans) {
      const r = await simulate({ plan, world, mode: 'strict' });
      const p = parseWorld(JSON.stringify(r.world), 'x.json');
      if (!p.ok) throw new Error('parse');
      world = new WorldState(p.world);
      out.push(r.report.calls.map((c) => `${c.tool}(${JSON.stringify(c.args)}):${c.decision}:${c.executed}:${c.trusted}`).join(' '));
    }
    console.log('PROBE', out.join(' || '));
  }
});
