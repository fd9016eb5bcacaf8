/**
 * A policy's text as the app shows it. The presets' header comment points at the format's
 * document in the source repository, which a person using the app does not have: the app says
 * where its own help is instead. Only what is shown changes; saving is of the text the person
 * then has, and "always allow" is computed from the stored policy.
 */
const REPOSITORY_FORMAT = /Format: engine\/policy\/README\.md\.?/g;

export const IN_APP_FORMAT = 'How to write one: Settings, Policy, “How a policy is written”.';

export const policyTextForPeople = (yaml: string): string => yaml.replace(REPOSITORY_FORMAT, IN_APP_FORMAT);
