/**
 * The world simulator: world files (parse + validate), the simulated account's state, its tools
 * with their labeling, and the default quarantined extractor.
 */
export { parseWorld, formatWorldIssues, isoOf } from './schema';
export type {
  World,
  WorldUser,
  WorldIssue,
  ParseWorldResult,
  Email,
  CalendarEvent,
  Contact,
  BusyBlock,
  SentEmail,
  Draft,
  EventResponse,
  MailChange,
  Allowlists,
} from './schema';
export { WorldState, type WorldEffects } from './state';
export { worldTools, readEmailLabel, readEventLabel, WORLD_TOOL_NAMES, type WorldToolsOptions } from './tools';
export { emailLabels, eventLabels, CAPS } from './labels';
export { parseAddress, bareAddress, looksLikeAddress } from './addresses';
export { machineFields, readsNoReplies, unanswerableWhy, type MachineHeaders } from './answerable';
export { ruleExtractor as defaultExtractor, ruleExtractor, NotEnoughInformation } from './extractor';
export type { Extractor, ExtractContext, JsonSchema } from './extractor';
export { toNamedArgs } from './args';
export { LIST_BODY_CHARS } from './listing';
