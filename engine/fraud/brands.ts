/**
 * Widely impersonated services and the domains they really send from. A message whose sender
 * calls itself one of these (in its display name) but comes from elsewhere, or comes from one of
 * these domains unverified, is a classic phishing shape. A short list on purpose: each name is
 * distinctive enough that a display name made of it (and service words: "PayPal Security")
 * claims to be that service. Their notices naming your contacts ("Lena shared a file") are theirs.
 */
export interface Brand {
  readonly name: string;
  readonly domains: readonly string[];
}

export const BRANDS: readonly Brand[] = [
  { name: 'PayPal', domains: ['paypal.com'] },
  {
    name: 'Microsoft',
    domains: ['microsoft.com', 'office.com', 'office365.com', 'microsoftonline.com', 'outlook.com'],
  },
  { name: 'Google', domains: ['google.com', 'youtube.com'] },
  { name: 'Apple', domains: ['apple.com', 'icloud.com'] },
  { name: 'Amazon', domains: ['amazon.com', 'amazon.de', 'amazon.co.uk', 'amazon.fr', 'amazonaws.com'] },
  { name: 'DocuSign', domains: ['docusign.com', 'docusign.net'] },
  { name: 'Dropbox', domains: ['dropbox.com', 'dropboxmail.com'] },
  { name: 'DHL', domains: ['dhl.com', 'dhl.de'] },
  { name: 'FedEx', domains: ['fedex.com'] },
  { name: 'Netflix', domains: ['netflix.com'] },
  { name: 'LinkedIn', domains: ['linkedin.com'] },
  { name: 'Stripe', domains: ['stripe.com'] },
  { name: 'Figma', domains: ['figma.com'] },
  { name: 'Slack', domains: ['slack.com'] },
  { name: 'Notion', domains: ['notion.so'] },
  { name: 'GitHub', domains: ['github.com'] },
  { name: 'Atlassian', domains: ['atlassian.com', 'atlassian.net'] },
  { name: 'Zoom', domains: ['zoom.us'] },
  { name: 'Adobe', domains: ['adobe.com', 'adobesign.com'] },
];
