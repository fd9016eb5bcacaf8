import type { Migration } from '../migrate';
import { m001Initial } from './001-initial';
import { m002CalendarSync } from './002-calendar-sync';
import { m003LlmLog } from './003-llm-log';
import { m004LlmCost } from './004-llm-cost';
import { m005FraudFindings } from './005-fraud-findings';
import { m006MessageIdIndex } from './006-message-id-index';
import { m007SubjectKey } from './007-subject-key';
import { m008DraftSentBy } from './008-draft-sent-by';
import { m009BodyPending } from './009-body-pending';
import { m010EventWritten } from './010-event-written';
import { m011Conversation } from './011-conversation';
import { m012CheaperListings } from './012-cheaper-listings';
import { m013UnreadableAttendees } from './013-unreadable-attendees';
import { m014EventRepeats } from './014-event-repeats';
import { m015NoInsertTrigger } from './015-no-insert-trigger';
import { m016MachineHeaders } from './016-machine-headers';
import { m017HtmlReading } from './017-html-reading';

/** Every migration, in order. Append only. */
export const MIGRATIONS: readonly Migration[] = [
  m001Initial,
  m002CalendarSync,
  m003LlmLog,
  m004LlmCost,
  m005FraudFindings,
  m006MessageIdIndex,
  m007SubjectKey,
  m008DraftSentBy,
  m009BodyPending,
  m010EventWritten,
  m011Conversation,
  m012CheaperListings,
  m013UnreadableAttendees,
  m014EventRepeats,
  m015NoInsertTrigger,
  m016MachineHeaders,
  m017HtmlReading,
];
