import { describe, expect, it } from 'vitest';
import { reachesTheService } from '../../../src/integrations/oidc/embedded-provider.js';

/**
 * Which redirect URIs an assistant may not register because a browser sent there lands on the service's own pages
 * (the registrations themselves are refused in security/assistant-token-lifetimes.db.test.ts).
 */
describe("the service's own pages as an assistant's redirect URI", () => {
  it('are its public origin however it is spelt: port, case, a trailing dot on the host, user info', () => {
    const publicUrl = 'https://byggdok.example.com';
    for (const uri of [
      'https://byggdok.example.com/app/',
      'https://byggdok.example.com:443/auth/callback',
      'https://BYGGDOK.Example.com/x',
      'https://byggdok.example.com./x',
      'https://someone@byggdok.example.com/x',
    ]) {
      expect(reachesTheService({ uri, publicUrl, native: false }), uri).toBe(true);
    }
    for (const uri of [
      'https://assistant.example.com/cb',
      'https://byggdok.example.com.evil.example/cb',
      'https://byggdok.example.com:8443/cb',
      'https://app.byggdok.example.com/cb',
      'http://127.0.0.1:33418/callback',
      'not a url',
    ]) {
      expect(reachesTheService({ uri, publicUrl, native: true }), uri).toBe(false);
    }
  });

  it('are, on a loopback public URL, any loopback name at its port, and any loopback port for a native client', () => {
    const publicUrl = 'http://localhost:3000';
    for (const uri of ['http://localhost:3000/x', 'http://127.0.0.1:3000/x', 'http://[::1]:3000/']) {
      expect(reachesTheService({ uri, publicUrl, native: false }), uri).toBe(true);
    }
    expect(reachesTheService({ uri: 'http://127.0.0.1:3001/cb', publicUrl, native: false })).toBe(false);
    expect(reachesTheService({ uri: 'http://127.0.0.1/cb', publicUrl, native: false })).toBe(false);
    expect(reachesTheService({ uri: 'http://127.0.0.1:3001/cb', publicUrl, native: true })).toBe(true);
    expect(reachesTheService({ uri: 'https://assistant.example/cb', publicUrl, native: true })).toBe(false);
  });
});
