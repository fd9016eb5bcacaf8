import { fraudFindings } from './engine/fraud';
const ctx = { user: { name: 'Maya Lind', addresses: ['maya@acme.test'] }, contacts: [] };
for (const html of ['<a href=x>'.repeat(200000), '<a'.repeat(1000000), '<a href="https://e.test/">x</a>'.repeat(100000), '<a href=x></a '.repeat(200000), '&#x'.repeat(1e6)]) {
  const t = Date.now();
  const n = fraudFindings({ from: 'a@b.example', subject: 's', body: 'x', html, htmlText: html, auth: 'fail' }, ctx).length;
  console.log(html.length, n, Date.now() - t, 'ms');
}
