// Packaging settings a security product must not lose: the Electron fuses (electron-builder.yml).
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

describe('electron-builder.yml', () => {
  it('flips the fuses: no run-as-node, no NODE_OPTIONS or inspect switches, cookie encryption, asar integrity', () => {
    const c = parse(readFileSync('electron-builder.yml', 'utf8')) as { electronFuses: Record<string, boolean> };
    expect(c.electronFuses).toMatchObject({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
  });
});
