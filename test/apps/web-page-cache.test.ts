/**
 * The browser host keeps the Inbox page it made while the data behind it is unchanged: the stamp
 * it checks moves on every write to the profile (its own connection's, another process's, the
 * secrets file's) and stays put on reads, and a page is made again exactly when it moves.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataStamp, keptWhileUnchanged } from '../../apps/web/bootstrap';
import { openProfile, type Profile } from '../../main/profile/profile';

describe('the first screen kept while nothing changed', () => {
  let profile: Profile;
  beforeEach(() => {
    profile = openProfile(mkdtempSync(join(tmpdir(), 'zamburak-page-cache-')));
  });
  afterEach(() => {
    profile.close();
    rmSync(profile.dir, { recursive: true, force: true });
  });

  it('moves the stamp on every kind of write, and not on reads', async () => {
    const stamp = dataStamp(profile);
    const before = stamp();
    profile.repos.messages.page({ folder: 'INBOX', threads: true });
    profile.repos.messages.categoryCounts('INBOX');
    expect(stamp()).toBe(before);

    profile.setSetting('theme', 'dark');
    const afterOwn = stamp();
    expect(afterOwn).not.toBe(before);

    const other = new Database(profile.files.database);
    other.prepare("UPDATE messages SET subject = 'changed elsewhere' WHERE rowid = 1").run();
    other.close();
    const afterOther = stamp();
    expect(afterOther).not.toBe(afterOwn);

    await profile.secrets.set('oauth:some-account', '{"signInAgain":"the issuer refused"}');
    expect(stamp()).not.toBe(afterOther);
  });

  it('makes the page again exactly when the stamp has moved, and not after a failure', async () => {
    let now = 'a';
    let made = 0;
    let fail = false;
    const page = keptWhileUnchanged(
      () => (fail ? Promise.reject(new Error('no page')) : Promise.resolve(`page ${++made}`)),
      () => now,
    );
    expect(await page()).toBe('page 1');
    expect(await page()).toBe('page 1');
    now = 'b';
    expect(await page()).toBe('page 2');
    now = 'c';
    fail = true;
    await expect(page()).rejects.toThrow('no page');
    fail = false;
    expect(await page()).toBe('page 3');
    expect(await page()).toBe('page 3');
  });

  it('makes the page anew ahead of the next load once the data holds still, and not before', async () => {
    let now = 'a';
    let made = 0;
    const page = keptWhileUnchanged(
      () => Promise.resolve(`page ${++made}`),
      () => now,
    );
    // Nothing is made for a page nobody has asked for.
    page.settle();
    page.settle();
    expect(made).toBe(0);
    expect(await page()).toBe('page 1');
    // The data keeps changing (a sync): nothing is made after every write.
    for (const next of ['b', 'c', 'd']) {
      now = next;
      page.settle();
    }
    expect(made).toBe(1);
    // Held still from one check to the next: made once, and the next load is that page.
    page.settle();
    page.settle();
    expect(made).toBe(2);
    expect(await page()).toBe('page 2');
    expect(made).toBe(2);
  });
});
