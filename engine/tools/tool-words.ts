/**
 * Each tool in words a person reads ("a search of your mail"), for the audit log's sentences,
 * Ask's calls and the lineage graph's sources. One table, so every screen names a tool alike;
 * an unknown tool is shown by its name rather than hidden.
 */
const TOOL_WORDS: Readonly<Record<string, string>> = {
  searchEmails: 'a search of your mail',
  listEmails: 'a listing of your mail',
  getEmail: 'reading an email',
  listEvents: 'a look at your calendar',
  getFreeBusy: 'a look at your free and busy times',
  sendEmail: 'sending an email',
  replyToEmail: 'a reply',
  forwardEmail: 'forwarding an email',
  createDraft: 'a draft',
  createEvent: 'a new event',
  updateEvent: 'a change to an event',
  respondToEvent: 'an answer to an invitation',
  deleteEmail: 'moving an email to the trash',
  archiveEmail: 'archiving an email',
  moveEmail: 'moving an email',
  labelEmail: 'labelling an email',
  markRead: 'marking an email read',
  searchContacts: 'a search of your contacts',
  extract: 'reading details out of a text',
  summarize: 'a summary of a text',
  classify: 'sorting a text into categories',
  now: 'reading the time',
  me: 'reading who you are',
  log: 'a note for the run’s record',
};

/** `searchEmails` → "a search of your mail"; a tool with no words keeps its name. */
export const toolWords = (tool: string): string => TOOL_WORDS[tool] ?? tool;

/** The same words starting a sentence or a table cell: "A search of your mail". */
export const toolWordsFirst = (tool: string): string => {
  const w = toolWords(tool);
  return w.charAt(0).toUpperCase() + w.slice(1);
};
