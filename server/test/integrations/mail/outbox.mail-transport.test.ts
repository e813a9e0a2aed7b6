import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, describe, expect, it } from 'vitest';
import { renderMail } from '../../../src/domain/mail/templates.js';
import { createOutboxMailTransport } from '../../../src/integrations/mail/outbox.mail-transport.js';

describe('the outbox: mail as .eml files when no SMTP server is configured', () => {
  const folders: string[] = [];
  afterAll(async () => {
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  it('writes a message any mail program opens, with both parts, readable only by the service', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'outbox-'));
    folders.push(root);
    const folder = path.join(root, 'outbox');
    const transport = createOutboxMailTransport({ folder, from: 'byggdok <no-reply@byggdok.test>' });
    const rendered = renderMail({
      kind: 'invitation',
      locale: 'fi',
      origin: 'document-platform',
      customerName: 'Kiinteistö Oy Åbo',
      inviterName: null,
      projectName: null,
      role: 'READ_ACCESS',
      access: { kind: 'sign_in', url: 'https://byggdok.example/auth/login?email=a%40b.fi', forgotPasswordUrl: null },
    });
    const file = await transport.deliver({ id: 'msg-1', to: ['a@b.fi'], ...rendered });

    expect(await readdir(folder)).toEqual([path.basename(file)]);
    expect(file).toMatch(/msg-1\.eml$/);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const parsed = await simpleParser(await readFile(file));
    expect(parsed.subject).toBe(rendered.subject);
    expect(parsed.subject).toContain('Kiinteistö Oy Åbo');
    expect(parsed.from?.text).toContain('no-reply@byggdok.test');
    expect(parsed.text).toContain('https://byggdok.example/auth/login?email=a%40b.fi');
    expect(parsed.html).toContain('href="https://byggdok.example/auth/login?email=a%40b.fi"');
    expect(parsed.html).toContain('lang="fi"');
  });
});
