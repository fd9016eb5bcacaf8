import { describe, expect, it } from 'vitest';
import { scanText, type Finding } from '../../../engine/firewall/index';

const secrets = (text: string): Finding[] => scanText(text).filter((f) => f.cap === 'SECRET');
// Built by concatenation so that these obviously fake keys do not trip secret scanners.
const k = (...parts: string[]): string => parts.join('');

describe('API keys', () => {
  it.each([
    ['aws-access-key', k('AKIA', 'IOSFODNN7EXAMPLE')],
    ['aws-secret-key', k('aws_secret_access_key = ', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY')],
    ['github-token', k('ghp_', 'aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789')],
    [
      'github-token',
      k('github_pat_', '11ABCDEFG0123456789abcd_', 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVW'),
    ],
    ['slack-token', k('xoxb-', '2402134567-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx')],
    ['slack-token', k('xoxp-', '1234567890-1234567890-abcdefabcdef')],
    ['stripe-key', k('sk_', 'live_', '4eC39HqLyjWDarjtT1zdp7dc')],
    ['stripe-key', k('rk_', 'live_', '51H8abcDEFghiJKLmnoPQRs')],
    ['openai-key', k('sk-', 'proj-', 'Ab12Cd34Ef56Gh78Ij90Kl12Mn34Op56Qr78St90Uv12Wx34')],
    ['openai-key', k('sk-', 'T3BlbkFJ1234567890abcdefghijklmnopqrstuvwxyzABCD')],
    ['google-api-key', k('AIza', 'SyD-1234567890abcdefghijklmnopqrstu')],
    ['private-key', k('-----BEGIN RSA ', 'PRIVATE KEY-----\nMIIEowIBAAKCAQEA\n-----END RSA PRIVATE KEY-----')],
    [
      'private-key',
      k('-----BEGIN OPENSSH ', 'PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----'),
    ],
    [
      'jwt',
      k(
        'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9',
        '.eyJzdWIiOiIxMjM0NTY3ODkwIn0',
        '.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
      ),
    ],
    ['api-key', k('api_key: ', 'a1b2c3d4e5f6g7h8i9j0k1l2')],
  ])('finds a %s', (kind, key) => {
    const text = `config:\n${key}\nthanks`;
    const found = secrets(text);
    expect(found.map((f) => f.kind)).toContain(kind);
    const f = found.find((x) => x.kind === kind);
    expect(text.slice(f?.start, f?.end)).toContain(key.includes('\n') ? key.split('\n')[0] : key.slice(-12));
    expect(f?.detail).not.toContain(key.slice(-12));
  });

  it('covers the whole PEM block', () => {
    const pem = '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBg\n-----END PRIVATE KEY-----';
    const f = secrets(`x ${pem} y`)[0];
    expect(f?.end).toBe(2 + pem.length);
  });

  it.each([
    'We use sk-learn and scikit-learn for this.',
    'AKIA is a prefix we saw',
    'ghp_short',
    'task-force-meeting-notes-for-the-quarterly-review',
    'eyJ is how base64 JSON starts',
    'eyJhbGciOi.eyJzdWIiOiIx.notreallyasignature',
    'The password field is required',
  ])('ignores %j', (text) => {
    expect(secrets(text)).toEqual([]);
  });
});

describe('passwords', () => {
  it.each([
    ['password: hunter2', 'hunter2'],
    ['Password = S3cr3t!', 'S3cr3t!'],
    ['pwd=abc123', 'abc123'],
    ['Your new password is Tr0ub4dor&3', 'Tr0ub4dor&3'],
    ['Temporary passcode: 55-tiger-91', '55-tiger-91'],
    ['PIN: 4821', '4821'],
    ['The wifi passphrase is "Blue-Heron-77"', 'Blue-Heron-77'],
  ])('finds %j', (text, value) => {
    const f = secrets(text).find((x) => x.kind === 'password');
    expect(f).toBeDefined();
    expect(text.slice(f?.start, f?.end)).toBe(value);
    expect(f?.detail).not.toContain(value);
    expect(f?.detail).toMatch(/\(\d+ characters\)/);
  });

  it.each([
    'Your password is about to expire.',
    'password: ********',
    'Forgot your password? Reset it here.',
    'Password: required',
    'Please change your password regularly.',
    'Your password was changed on Monday.',
  ])('ignores %j', (text) => {
    expect(secrets(text)).toEqual([]);
  });
});

describe('one-time codes', () => {
  it.each([
    ['Your verification code is 482913', '482913'],
    ['482913 is your Google verification code.', '482913'],
    ['G-482913 is your Google verification code.', '482913'],
    ['Your OTP: 4829. Do not share it.', '4829'],
    ['Use 123456 to sign in to Slack.', '123456'],
    ['Your login code: 123 456', '123 456'],
    ['2FA code 90210345', '90210345'],
    ['Your security code is 8812. It expires in 10 minutes.', '8812'],
    ['Enter one-time password 55123 on the bank page', '55123'],
    ['Your code is 774411', '774411'],
    ['Two-factor authentication code:\n  339900', '339900'],
  ])('finds %j', (text, code) => {
    const f = secrets(text).find((x) => x.kind === 'one-time-code');
    expect(f, text).toBeDefined();
    expect(text.slice(f?.start, f?.end)).toBe(code);
    expect(f?.detail).toBe(`one-time code (${code.replace(/\D/g, '').length} digits)`);
  });

  it.each([
    'Invoice number 123456',
    'Invoice #2024-1234 for order 998877',
    'Your order 123456 has shipped.',
    'Your verification code expires in 10 minutes.',
    'Zip code 94107, area code 415',
    'Error code 5003 occurred in build 20260316',
    'Promo code SPRING2026 gives 20% off',
    'Our code of conduct was updated in 2024.',
    'Confirmation number 12345678 for your hotel',
  ])('ignores %j', (text) => {
    expect(secrets(text)).toEqual([]);
  });
});
