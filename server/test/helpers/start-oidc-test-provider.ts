import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const TEST_CLIENT = { clientId: 'byggdok-test', clientSecret: 'test-client-secret-0123456789' };

/** Starts oidc-test-provider.ts in its own process for a service at `publicUrl`; resolves with its issuer. */
export async function startTestProvider(params: {
  publicUrl: string;
}): Promise<{ issuer: string; child: ChildProcess; script(person: ScriptedPerson): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'oidc-test-provider.ts')], {
    env: {
      PATH: process.env.PATH ?? '',
      CLIENT_ID: TEST_CLIENT.clientId,
      CLIENT_SECRET: TEST_CLIENT.clientSecret,
      REDIRECT_URI: `${params.publicUrl}/auth/callback`,
      POST_LOGOUT_REDIRECT_URI: `${params.publicUrl}/`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`test provider did not start: ${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /LISTENING (\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`test provider exited (${code}): ${output}`)));
  });
  const issuer = `http://127.0.0.1:${port}`;
  return {
    issuer,
    child,
    async script(person) {
      const response = await fetch(`${issuer}/control`, { method: 'POST', body: JSON.stringify(person) });
      if (response.status !== 204) throw new Error(`control: ${response.status}`);
    },
  };
}

export interface ScriptedPerson {
  sub: string;
  email: string;
  emailVerified: boolean;
  /** the name the provider sends (the profile scope's `name` claim) */
  name?: string;
  /** refuse at the provider (access_denied) */
  deny?: boolean;
  /** spoil the ID token of the next token response */
  idToken?: 'forged' | 'expired';
}
