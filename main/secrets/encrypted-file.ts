/**
 * A SecretStore in one AES-256-GCM encrypted file: `{"v":1,"iv","tag","data"}` where data is
 * the encrypted JSON map of names to values. Every write uses a fresh IV and replaces the file
 * atomically (write a temporary file, then rename), so a crash never leaves half a file. A file
 * that does not decrypt (wrong key, edited bytes) is an error, never silently reset.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync } from 'node:fs';
import * as z from 'zod';
import { writePrivateFile, type KeyProvider } from './key-provider';
import { checkSecretName, type SecretStore } from './secret-store';

const FileFormat = z.strictObject({ v: z.literal(1), iv: z.string(), tag: z.string(), data: z.string() });
const Secrets = z.record(z.string(), z.string());

export class EncryptedFileSecretStore implements SecretStore {
  constructor(
    private readonly path: string,
    private readonly keys: KeyProvider,
  ) {}

  private read(): Record<string, string> {
    if (!existsSync(this.path)) return {};
    let parsed: z.infer<typeof FileFormat>;
    try {
      parsed = FileFormat.parse(JSON.parse(readFileSync(this.path, 'utf8')));
    } catch {
      throw new Error(`${this.path}: not a Zamburak secrets file`);
    }
    try {
      const d = createDecipheriv('aes-256-gcm', this.keys.key(), Buffer.from(parsed.iv, 'base64'));
      d.setAuthTag(Buffer.from(parsed.tag, 'base64'));
      const plain = Buffer.concat([d.update(Buffer.from(parsed.data, 'base64')), d.final()]);
      return Secrets.parse(JSON.parse(plain.toString('utf8')));
    } catch {
      throw new Error(`${this.path}: the secrets file does not decrypt with this profile's key (${this.keys.kind})`);
    }
  }

  private write(all: Record<string, string>): void {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.keys.key(), iv);
    const data = Buffer.concat([c.update(JSON.stringify(all), 'utf8'), c.final()]);
    const file = {
      v: 1,
      iv: iv.toString('base64'),
      tag: c.getAuthTag().toString('base64'),
      data: data.toString('base64'),
    };
    const tmp = `${this.path}.tmp`;
    writePrivateFile(tmp, JSON.stringify(file));
    renameSync(tmp, this.path);
  }

  async get(name: string): Promise<string | undefined> {
    return this.read()[checkSecretName(name)];
  }

  async set(name: string, value: string): Promise<void> {
    const all = this.read();
    all[checkSecretName(name)] = value;
    this.write(all);
  }

  async delete(name: string): Promise<void> {
    const all = this.read();
    if (!(checkSecretName(name) in all)) return;
    delete all[name];
    this.write(all);
  }

  async names(): Promise<string[]> {
    return Object.keys(this.read()).sort();
  }
}
