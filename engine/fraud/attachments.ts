/**
 * An attachment that runs, or opens in the browser as a page, when the person opens it from their
 * downloads: `INV-4471.pdf.html` (a sign-in page that posts the password to its sender), `Invoice.pdf.exe`,
 * `statement.iso`, `scan.js`. The text around it is as plain as any invoice's and its sender may
 * be a real contact whose mailbox was taken over, so no other check sees it (red-team round 24).
 * The reason names the kind of file by an extension of the list below, never the file's name
 * (text the sender wrote).
 */
import type { FraudFinding, FraudMail } from './types';

type Danger = 'web page' | 'program' | 'disk image' | 'shortcut';

const DANGER_WORDS: Readonly<Record<Danger, string>> = {
  'web page': 'which opens in your browser and can ask for your password',
  program: 'which runs on your computer when opened',
  'disk image': 'which opens as a drive and can carry a program',
  shortcut: 'which can run a program when opened',
};

/** Extensions by what opening the file does (Windows, macOS and Linux desktops alike). */
const BY_EXTENSION: readonly (readonly [Danger, RegExp])[] = [
  ['web page', /\.(html?|shtml|xhtml|svgz?|mht(?:ml)?)$/],
  ['program', /\.(exe|scr|com|pif|bat|cmd|msi|msix|appx|jar|js|jse|vbs|vbe|wsf|wsh|hta|ps1|cpl|reg|chm|app|command)$/],
  ['disk image', /\.(iso|img|vhdx?|dmg)$/],
  ['shortcut', /\.(lnk|url|scf|library-ms|desktop)$/],
];

/** Content types a browser renders as a page or a system runs, whatever the name says. */
const BY_TYPE: readonly (readonly [Danger, RegExp])[] = [
  ['web page', /^(?:text\/html|application\/xhtml\+xml|image\/svg\+xml)\s*(?:;|$)/i],
  [
    'program',
    /^(?:application\/(?:x-msdownload|x-ms-dos-executable|x-msdos-program|x-dosexec|hta|javascript|x-javascript|ecmascript|x-sh)|text\/javascript)\s*(?:;|$)/i,
  ],
];

/** What opening the file does, and the extension (from the list) or null when only its type says so. */
function dangerOf(a: { filename: string; contentType: string }): { danger: Danger; extension: string | null } | null {
  // Windows drops dots and spaces that end a name: `invoice.exe .` runs as invoice.exe.
  const name = a.filename.toLowerCase().replace(/[.\s]+$/, '');
  for (const [danger, pattern] of BY_EXTENSION) {
    const m = pattern.exec(name);
    if (m) return { danger, extension: m[1]! };
  }
  const byType = BY_TYPE.find(([, pattern]) => pattern.test(a.contentType.trim()));
  return byType ? { danger: byType[0], extension: null } : null;
}

export function dangerousAttachment(m: FraudMail): FraudFinding[] {
  for (const a of m.attachments ?? []) {
    const found = dangerOf(a);
    if (!found) continue;
    const what = `${found.danger === 'program' ? 'a program or script' : `a ${found.danger}`}${found.extension ? ` (.${found.extension})` : ''}`;
    return [
      {
        kind: 'dangerous-attachment',
        reason: `It attaches ${what}, ${DANGER_WORDS[found.danger]}: invoices and documents do not come this way, so do not open it unless the sender confirms it by phone.`,
        asks: `open an attached ${found.danger}`,
      },
    ];
  }
  return [];
}
