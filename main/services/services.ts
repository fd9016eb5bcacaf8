/**
 * Every service over one profile, built once: the app's router, the CLI and runs share them, so
 * one outbox (with its transports) commits everything a process commits.
 */
import type { Transport } from '../outbox/transport';
import type { Profile } from '../profile/profile';
import { ClaimsService } from './claims-service';
import { MailService } from './mail-service';
import { PoliciesService } from './policies-service';
import { SendService } from './send-service';

export interface Services {
  readonly profile: Profile;
  readonly claims: ClaimsService;
  readonly send: SendService;
  readonly mail: MailService;
  readonly policies: PoliciesService;
}

export interface ServicesOptions {
  readonly clock?: () => Date;
  /** The outbox's transports (default: each account's, built when first used). */
  readonly transports?: ReadonlyMap<string, Transport>;
}

export function createServices(profile: Profile, o: ServicesOptions = {}): Services {
  const clock = o.clock ?? (() => new Date());
  const claims = new ClaimsService(profile, o.transports, clock);
  return {
    profile,
    claims,
    send: new SendService(profile, claims, clock),
    mail: new MailService(profile),
    policies: new PoliciesService(profile, clock),
  };
}
