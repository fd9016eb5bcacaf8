/**
 * Every service over one profile, built once: the app's router, the CLI and runs share them, so
 * one outbox (with its transports) commits everything a process commits. The app builds them
 * with its clock and transports (`createServices`); everything else asks `servicesOf(profile)`
 * and gets those same services, or default ones built on first use.
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

const built = new WeakMap<Profile, Services>();

export function createServices(profile: Profile, o: ServicesOptions = {}): Services {
  const clock = o.clock ?? (() => new Date());
  const claims = new ClaimsService(profile, o.transports, clock);
  const services: Services = {
    profile,
    claims,
    send: new SendService(profile, claims, clock),
    mail: new MailService(profile),
    policies: new PoliciesService(profile, clock),
  };
  built.set(profile, services);
  return services;
}

/** The services of this open profile: the ones built for it, or default ones built now. */
export const servicesOf = (profile: Profile): Services => built.get(profile) ?? createServices(profile);
