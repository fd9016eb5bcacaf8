/**
 * Keyword classification. Each label scores the occurrences of its keywords (a built-in
 * dictionary for common labels) plus twice the occurrences of the label's own words. The best
 * score wins; a tie at the top, or no evidence at all, is `NotEnoughInformation`, except that a
 * fallback label (`other`, `none`, `unknown`, `misc`, `normal`) wins when nothing else scores.
 */
import { countTerm, hintWords } from './text';
import { NotEnoughInformation } from './types';

export const KEYWORDS: Readonly<Record<string, readonly string[]>> = {
  newsletter: [
    'newsletter',
    'unsubscribe',
    'digest',
    'weekly',
    'this week in',
    'edition',
    'issue #',
    'view in browser',
    'read online',
    'subscribers',
    'manage preferences',
  ],
  invoice: [
    'invoice',
    'payment due',
    'amount due',
    'due date',
    'iban',
    'bank details',
    'remittance',
    'overdue',
    'bill',
    'balance',
    'wire',
    'pay',
  ],
  receipt: [
    'receipt',
    'your order',
    'order confirmation',
    'thank you for your purchase',
    'thanks for your order',
    'total paid',
    'paid',
    'charged',
    'purchase',
  ],
  meeting: [
    'meeting',
    'meet',
    'call',
    'calendar',
    'invite',
    'invitation',
    'schedule',
    'reschedule',
    'agenda',
    'availability',
    'available',
    'slot',
    'zoom',
    'teams',
    'catch up',
    'catch-up',
  ],
  personal: ['family', 'dinner', 'birthday', 'weekend', 'mom', 'dad', 'kids', 'vacation', 'party', 'love', 'xoxo'],
  urgent: [
    'urgent',
    'asap',
    'immediately',
    'right away',
    'today',
    'critical',
    'deadline',
    'as soon as possible',
    'time-sensitive',
    'important',
  ],
  spam: [
    'winner',
    'won',
    'prize',
    'lottery',
    'click here',
    'free',
    'crypto',
    'bitcoin',
    'limited offer',
    'act now',
    'congratulations',
    'claim your',
  ],
  phishing: [
    'verify your account',
    'suspended',
    'confirm your identity',
    'unusual activity',
    'login',
    'log in',
    'sign in',
    'password',
    'click the link',
    'update your payment',
    'account will be closed',
  ],
  promotion: ['sale', 'discount', 'offer', '% off', 'deal', 'coupon', 'promo', 'shop now', 'limited time'],
  security: [
    'password',
    'reset',
    'security alert',
    'sign-in',
    'new device',
    'verification code',
    'one-time',
    'two-factor',
    '2fa',
    'code',
  ],
  shipping: [
    'shipped',
    'shipping',
    'tracking',
    'delivery',
    'delivered',
    'package',
    'parcel',
    'courier',
    'out for delivery',
  ],
  travel: ['flight', 'boarding', 'hotel', 'booking', 'itinerary', 'check-in', 'reservation', 'train', 'airport'],
  support: ['ticket', 'support', 'issue', 'bug', 'error', 'broken', 'not working', 'help', 'problem', 'outage'],
  sales: ['quote', 'proposal', 'pricing', 'contract', 'renewal', 'purchase order', 'deal', 'demo', 'trial'],
  hr: [
    'payroll',
    'benefits',
    'vacation request',
    'leave',
    'onboarding',
    'offer letter',
    'hiring',
    'interview',
    'candidate',
  ],
  legal: ['contract', 'nda', 'agreement', 'terms', 'clause', 'liability', 'signature', 'legal'],
  finance: ['invoice', 'payment', 'budget', 'expense', 'refund', 'revenue', 'accounting', 'tax', 'wire', 'transfer'],
  social: ['liked', 'commented', 'followed', 'mentioned you', 'connection request', 'new follower'],
  notification: ['notification', 'automated', 'no-reply', 'noreply', 'do not reply', 'alert', 'reminder'],
  work: ['project', 'deadline', 'report', 'review', 'team', 'client', 'customer', 'deliverable', 'sprint', 'release'],
  question: [
    '?',
    'could you',
    'can you',
    'would you',
    'do you know',
    'wondering',
    'please send',
    'send me',
    'let me know',
  ],
};

const SYNONYMS: Readonly<Record<string, string>> = {
  newsletters: 'newsletter',
  invoices: 'invoice',
  bill: 'invoice',
  bills: 'invoice',
  billing: 'invoice',
  receipts: 'receipt',
  order: 'receipt',
  orders: 'receipt',
  meetings: 'meeting',
  'meeting request': 'meeting',
  calendar: 'meeting',
  scheduling: 'meeting',
  promotions: 'promotion',
  marketing: 'promotion',
  promo: 'promotion',
  ads: 'promotion',
  junk: 'spam',
  scam: 'spam',
  fraud: 'phishing',
  suspicious: 'phishing',
  notifications: 'notification',
  alerts: 'notification',
  updates: 'notification',
  'customer support': 'support',
  customer: 'sales',
  customers: 'sales',
  lead: 'sales',
  travel: 'travel',
  family: 'personal',
  friends: 'personal',
  important: 'urgent',
  'action required': 'urgent',
  priority: 'urgent',
  financial: 'finance',
  payments: 'finance',
  delivery: 'shipping',
  deliveries: 'shipping',
  account: 'security',
  questions: 'question',
  request: 'question',
};

const FALLBACKS = new Set(['other', 'others', 'none', 'unknown', 'misc', 'miscellaneous', 'normal', 'general', 'rest']);

function keywordsFor(label: string): readonly string[] {
  const l = label.trim().toLowerCase();
  const key = KEYWORDS[l] ? l : (SYNONYMS[l] ?? (l.endsWith('s') && KEYWORDS[l.slice(0, -1)] ? l.slice(0, -1) : ''));
  return KEYWORDS[key] ?? [];
}

/** An invitation, or a clock time ("14:00", "3pm"). */
const INVITED = /\binvit(?:e|ed|es|ation)\b/i;
const CLOCK = /\b(?:[01]?\d|2[0-3]):[0-5]\d\b|\b(?:1[0-2]|0?[1-9])\s?[ap]\.?m\b/i;
/** A sentence that asks or suggests: a question, "let's", "shall we", "how about". */
const SUGGESTS = /\?|\blet'?s\b|\bshall we\b|\bhow about\b/i;

/**
 * A meeting is proposed: an invitation, or a sentence that suggests a clock time ("Could we meet
 * on Wednesday at 14:00?", "Let's meet at 15:00"). The words "call", "meeting" or "agenda" alone
 * are not one: notes from a call, an agenda for a meeting already held or set, a recruiter's
 * "free for a call this week?" have nothing to accept.
 */
function proposesMeeting(text: string): boolean {
  return INVITED.test(text) || text.split(/(?<=[.!?])\s+|\n\s*\n/).some((s) => CLOCK.test(s) && SUGGESTS.test(s));
}

export function scoreLabel(text: string, label: string): number {
  if (FALLBACKS.has(label.trim().toLowerCase())) return 0;
  if (keywordsFor(label) === KEYWORDS.meeting && !proposesMeeting(text)) return 0;
  let score = 0;
  for (const k of keywordsFor(label)) score += k === '?' ? (text.includes('?') ? 1 : 0) : countTerm(text, k);
  const own = hintWords(label).filter((w) => w.length > 2);
  for (const w of own) score += 2 * (countTerm(text, w) + (w.endsWith('s') ? countTerm(text, w.slice(0, -1)) : 0));
  return score;
}

export function classifyText(text: string, labels: readonly string[]): string {
  if (labels.length === 0) throw new NotEnoughInformation('no labels given');
  const scores = labels.map((l) => ({ label: l, score: scoreLabel(text, l) }));
  const best = Math.max(...scores.map((s) => s.score));
  if (best === 0) {
    const fallback = labels.find((l) => FALLBACKS.has(l.trim().toLowerCase()));
    if (fallback !== undefined) return fallback;
    throw new NotEnoughInformation('no label fits (no evidence for any of them)');
  }
  const top = scores.filter((s) => s.score === best);
  if (top.length > 1) {
    throw new NotEnoughInformation(`ambiguous between ${top.map((t) => JSON.stringify(t.label)).join(' and ')}`);
  }
  return top[0]?.label ?? labels[0] ?? '';
}
