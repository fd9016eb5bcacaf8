/**
 * Payment fraud: bank details that "have changed" (invoice redirection), and a payment to an
 * account the email gives, pressed by urgency or secrecy (the chief-executive wire request).
 */
import { plainText } from './text';
import type { FraudFinding, FraudMail } from './types';

const CHANGED =
  /\b(?:(?:changed|switched|moved)\s+(?:our\s+)?banks?|(?:new|changed|updated|different)\s+(?:bank(?:ing)?|remittance|payment|beneficiary)\s+(?:details|account|information|instructions)|bank(?:ing)?\s+(?:details|account|information)\s+(?:have|has)\s+(?:changed|been\s+(?:changed|updated))|(?:pay|paid|transfer(?:red)?|wired?|send|remit)\b[^.\n]{0,30}\b(?:our|the|a)\s+new\s+(?:bank\s+)?account|payments?\s+to\s+the\s+old\s+account|(?:bank(?:ing)?|remittance|payment|account|deposit|wire)\s+(?:details|information|instructions)\s+(?:were|was|have\s+been|has\s+been)\s+(?:changed|updated|modified)|(?:our|my)\s+(?:bank\s+)?account\s+(?:has\s+)?(?:been\s+)?changed|(?:our|my)\s+new\s+(?:bank(?:ing)?|bank\s+account|account)\b|update\s+(?:the|my)\s+(?:direct\s+deposit|payroll|salary|bank(?:ing)?\s+details))/i;

/** Where money would go: an IBAN-shaped number or the words banks use for an account. */
const IBAN_SHAPE = /\b[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){2,7}(?:\s?[A-Z0-9]{1,3})?\b/;
const ACCOUNT_WORDS =
  /\b(?:IBAN|SWIFT|BIC|sort code|routing(?: number| no)?|ABA|account (?:number|no)|acc(?:oun)?t\s*(?:#|no\b|number\b|:)|acc\.?\s*no\b|beneficiary|wallet address)|\baccount\s*[#:]?\s*\d[\d -]{5,}\d/i;
const account = (text: string): boolean => IBAN_SHAPE.test(text) || ACCOUNT_WORDS.test(text);

const PAY = /\b(?:wire|transfer|pay|payments?|remit|remittance|settle|direct deposit|paycheck|payroll)\b/i;

const URGENT =
  /\b(?:urgent(?:ly)?|asap|immediately|right away|today|tonight|within \d+ (?:hours?|minutes?)|by end of (?:the )?day|(?:before|by) \d{1,2}(?:[:.]\d{2}\s*(?:am|pm)?|\s*(?:am|pm))|final notice|overdue|collection fee|as soon as possible)\b/i;

const SECRET =
  /\b(?:confidential|discreet(?:ly)?|(?:don'?t|do not)\s+(?:discuss|tell|mention|share)|keep (?:this|it) (?:between us|quiet|confidential|to yourself))\b/i;

export function paymentFraud(m: FraudMail): FraudFinding[] {
  const text = plainText(m);
  const out: FraudFinding[] = [];
  if (CHANGED.test(text) && (PAY.test(text) || account(text)))
    out.push({
      kind: 'bank-change',
      reason:
        'It says the bank details for a payment have changed, the usual shape of invoice fraud: confirm by phone with someone you already know.',
      asks: 'pay to bank details it says are new',
    });
  const urgent = URGENT.test(text);
  const secret = SECRET.test(text);
  if (PAY.test(text) && account(text) && (urgent || secret))
    out.push({
      kind: 'payment-pressure',
      reason: `It asks for a payment to the account it gives${urgent && secret ? ', urgently and in secret' : urgent ? ', urgently' : ', in secret'}, the way payment fraud pushes people past their checks.`,
      asks: `make ${urgent ? 'an urgent' : 'a'} payment to the account it gives${secret ? ' and to keep it secret' : ''}`,
    });
  return out;
}
