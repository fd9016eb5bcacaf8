/** Every repository of a profile's database, built once per open database. */
import type { Db } from './database';
import { AccountsRepo } from './repos/accounts';
import { CalendarRepo } from './repos/calendar';
import { CalendarSyncRepo } from './repos/calendar-sync';
import { FolderStateRepo } from './repos/folder-state';
import { MessagesRepo } from './repos/messages';
import { OutgoingRepo } from './repos/outgoing';
import { ContactsRepo } from './repos/people';
import { PoliciesRepo } from './repos/policies';
import { RunsRepo } from './repos/runs';
import { SettingsRepo } from './repos/settings';
import { WorldMailRepo } from './repos/world-mail';

export interface Repositories {
  readonly accounts: AccountsRepo;
  readonly messages: MessagesRepo;
  /** What a run over the profile reads of its mail (read only). */
  readonly worldMail: WorldMailRepo;
  readonly folderState: FolderStateRepo;
  readonly calendar: CalendarRepo;
  readonly calendarSync: CalendarSyncRepo;
  readonly contacts: ContactsRepo;
  readonly outgoing: OutgoingRepo;
  readonly runs: RunsRepo;
  readonly policies: PoliciesRepo;
  readonly settings: SettingsRepo;
}

export function repositories(db: Db): Repositories {
  return {
    accounts: new AccountsRepo(db),
    messages: new MessagesRepo(db),
    worldMail: new WorldMailRepo(db),
    folderState: new FolderStateRepo(db),
    calendar: new CalendarRepo(db),
    calendarSync: new CalendarSyncRepo(db),
    contacts: new ContactsRepo(db),
    outgoing: new OutgoingRepo(db),
    runs: new RunsRepo(db),
    policies: new PoliciesRepo(db),
    settings: new SettingsRepo(db),
  };
}

export type { Account } from './repos/accounts';
export type { StoredMessage, MessageHeader, Page, PageCursor } from './repos/messages';
export type { WorldMessage, WorldMessageHeaders, WorldPageQuery } from './repos/world-mail';
export type { FolderState } from './repos/folder-state';
export type { StoredDraft, SentRecord } from './repos/outgoing';
export type { RunRow, StoredCall } from './repos/runs';
export type { PolicyVersion } from './repos/policies';
export { ftsMatch, highlightTerms, parseSearch, type SearchQuery } from './repos/search-query';
