/**
 * Red-team round 22: attacks that held, kept as tests so they keep holding (README.md, "Held").
 * Email HTML as the sanitiser leaves it for the sandboxed frame: none of these spellings keeps a
 * way to navigate, submit, load or run (rounds 18 and 20 tried `<base>`, `<meta refresh>`,
 * srcset, `style`, SVG and backslash URLs; these are the ones they did not).
 */
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../../main/mail/html';

/** Each hostile spelling, and what must not survive it. */
const HOSTILE: [string, RegExp][] = [
  ['<a href="https://evil.test/" target="_top">x</a>', /target/],
  ['<a href="https://evil.test/" ping="https://evil.test/p">x</a>', /ping/],
  ['<a href="https://evil.test/" download="x.html">x</a>', /download/],
  ['<img src="x" formaction="https://evil.test/">', /formaction/],
  ['<isindex action="https://evil.test/">', /isindex|action/],
  ['<image src="https://evil.test/p.png">', /\ssrc="https/],
  ['<img lowsrc="https://evil.test/p.png" dynsrc="https://evil.test/v.avi">', /lowsrc|dynsrc/],
  ['<area href="javascript:alert(1)" shape="rect">', /area|javascript/],
  ['<map><area href="https://evil.test/"></map>', /area|map/],
  ['<a xlink:href="javascript:alert(1)">x</a>', /xlink|javascript/],
  ['<details open ontoggle="alert(1)">x</details>', /ontoggle/],
  ['<body background="https://evil.test/bg.png">x</body>', /\sbackground="https/],
  ['<table background="//evil.test/bg.png"><tr><td>x</td></tr></table>', /\sbackground="\/\//],
  ['<img src="https://evil.test/p.png" loading="lazy" referrerpolicy="unsafe-url">', /referrerpolicy|\ssrc="https/],
  ['<a href="data:text/html,<script>alert(1)</script>">x</a>', /data:text|<script/],
  ['<a href="blob:https://evil.test/1">x</a>', /blob:/],
  ['<a href="file:///etc/passwd">x</a>', /file:/],
  ['<a href=" j&#x61;vascript:alert(1)">x</a>', /vascript/],
  ['<img src="cid:x@y" usemap="#m">', /usemap|cid:/],
  ['<portal src="https://evil.test/"></portal>', /portal|\ssrc="https/],
  ['<font face="x" style="background:url(https://evil.test/)">x</font>', /style|url\(/],
  ['<!--[if gte mso 9]><img src="https://evil.test/p.png"><![endif]-->', /\ssrc="https/],
  ['<p>a</p><![CDATA[<img src="https://evil.test/p.png">]]>', /\ssrc="https/],
  ['<col span="1" width="1" background="https://evil.test/bg.png">', /\sbackground="https/],
];

describe('red team round 22: held', () => {
  it.each(HOSTILE)('the viewer keeps no live navigation, load or script of %s', (html, banned) => {
    const clean = sanitizeHtml(html);
    expect(clean).not.toMatch(banned);
    // Sanitising is idempotent: what the frame gets reads the same again.
    expect(sanitizeHtml(clean)).toBe(clean);
  });
});
