import type Provider from 'oidc-provider';
import type { JWK } from 'oidc-provider';
import type { SignInConfig } from '../../config/config.js';
import { isLoopback } from '../../config/parts/sign-in.config.js';
import type { AuditLog } from '../../domain/audit/audit.js';
import { createUsersService } from '../../domain/people/users.service.js';
import { jobDone, type JobContribution } from '../../domain/jobs/jobs.js';
import type { Clock } from '../../domain/shared/clock.js';
import { randomSecret } from '../../domain/shared/ids.js';
import { createPasswordHasher } from '../../domain/shared/passwords.js';
import { createSignInService } from '../../domain/signin/sign-in.service.js';
import {
  EMBEDDED_CLIENT_ID,
  generateSigningKey,
  type EmbeddedProviderLoader,
  type EmbeddedProviderSecrets,
} from '../../integrations/oidc/embedded-provider-keys.js';
import { createAccessTokenVerifier } from '../../integrations/oidc/access-token-verifier.js';
import { createOpenIdRelyingParty } from '../../integrations/oidc/openid-client.relying-party.js';
import type { OAuthTokenVerifier } from '../../domain/access/access.service.js';
import { createOidcAdapterFactory, sweepOidcRecords } from '../../storage/db/repositories/oidc-records.adapter.js';
import { createAssistantRegistrations } from '../../domain/signin/assistant-registrations.js';
import { createAssistantRegistrationsRepository } from '../../storage/db/repositories/assistant-registrations.repository.js';
import { getOrCreateSetting } from '../../storage/db/repositories/settings.repository.js';
import { createSignInRepository } from '../../storage/db/repositories/sign-in.repository.js';
import { createSignInThrottle } from '../../domain/signin/sign-in-throttle.js';
import { createSignInThrottleRepository } from '../../storage/db/repositories/sign-in-throttle.repository.js';
import { createPasswordsService } from '../../domain/signin/passwords.service.js';
import { createPasswordsRepository } from '../../storage/db/repositories/passwords.repository.js';
import { createAccountService } from '../../domain/signin/account.service.js';
import { createAccountRepository } from '../../storage/db/repositories/account.repository.js';
import { isGrantLive } from '../../storage/db/repositories/oidc-grants.js';
import type { Mailer } from '../../domain/mail/mailer.js';
import { createUsersRepository } from '../../storage/db/repositories/users.repository.js';
import type { Db } from './app-module.js';

/** the embedded provider's issuer: under the service's own URL */
export const EMBEDDED_ISSUER_PATH = '/oidc';

/**
 * The embedded provider's secrets, made once per installation on its first start and kept in the settings table: the
 * signing key (an RSA key, a fifth of a second of CPU to make) and the cookie and client secrets. The tests' migrated
 * template databases are given theirs this way once, so each test's installation does not make its own.
 */
export async function embeddedProviderSecrets(db: Db): Promise<EmbeddedProviderSecrets> {
  const setting = (key: string, create: () => string) => getOrCreateSetting({ db, key, create });
  return {
    signingKey: JSON.parse(await setting('oidc_signing_key', () => JSON.stringify(generateSigningKey()))) as JWK,
    cookieKeys: [await setting('oidc_cookie_key', () => randomSecret())],
    clientSecret: await setting('oidc_client_secret', () => randomSecret()),
  };
}

/**
 * Sign-in: the relying party against the configured OpenID provider, or, with none configured, against the embedded
 * one this module also builds (its keys, cookie keys and client secret made once and kept in the settings table, so
 * every process agrees). Users the operator manages.
 */
export async function createSignInModule(deps: {
  db: Db;
  clock: Clock;
  audit: AuditLog;
  publicUrl: string;
  trustProxy: boolean;
  signIn: SignInConfig;
  mailer: Mailer;
  /** scrypt's N for new passwords (2^15 when absent); tests use a cheaper one, since a hash carries its own */
  passwordCost?: number;
}) {
  const { db, clock, audit, publicUrl, signIn } = deps;
  const hasher = createPasswordHasher(deps.passwordCost);
  const signInRepository = createSignInRepository(db);
  const throttle = createSignInThrottle({ repository: createSignInThrottleRepository(db), clock, audit });
  let embeddedProvider: EmbeddedProviderLoader | null = null;
  let verifyOAuthToken: OAuthTokenVerifier | null = null;
  let relyingParty;
  if (signIn.oidc) {
    relyingParty = createOpenIdRelyingParty({
      ...signIn.oidc,
      allowInsecure: isLoopback(new URL(signIn.oidc.issuer).hostname),
    });
  } else {
    const issuer = `${publicUrl}${EMBEDDED_ISSUER_PATH}`;
    const secrets = await embeddedProviderSecrets(db);
    let provider: Promise<Provider> | undefined;
    embeddedProvider = () =>
      (provider ??= import('../../integrations/oidc/embedded-provider.js').then(
        ({ createEmbeddedProvider, replayedGrant }) =>
          createEmbeddedProvider({
            issuer,
            publicUrl,
            secrets,
            adapter: createOidcAdapterFactory(db, { replayed: replayedGrant }),
            trustProxy: deps.trustProxy,
            mcpResource: mcpResourceOf(publicUrl),
            registrations: createAssistantRegistrations({
              repository: createAssistantRegistrationsRepository(db),
              clock,
            }),
            async findAccount(accountId) {
              const user = await signInRepository.findUserById(accountId);
              return user && user.status !== 'deactivated' ? { email: user.email, name: user.name } : null;
            },
            // made at the first request, after signInService below
            onAssistantRevoked: (event) =>
              signInService.recordAssistantRevoked({
                userId: event.accountId,
                client: { id: event.clientId, name: event.clientName },
                clientAddress: event.clientAddress,
              }),
          }),
      ));
    verifyOAuthToken = createAccessTokenVerifier({
      issuer,
      audience: mcpResourceOf(publicUrl),
      signingKey: secrets.signingKey,
      // an assistant's token dies with its grant: disconnected, signed out, a new password, deactivation
      isGrantLive: (grantId) => isGrantLive(db, grantId),
    });
    // the service calls itself over its public URL, which is plain http in development
    relyingParty = createOpenIdRelyingParty({
      issuer,
      clientId: EMBEDDED_CLIENT_ID,
      clientSecret: secrets.clientSecret,
      allowInsecure: true,
    });
  }
  const signInService = createSignInService({
    repository: signInRepository,
    relyingParty,
    audit,
    clock,
    throttle,
    passwords: hasher,
    settings: {
      publicUrl,
      allowedRedirectOrigins: signIn.allowedRedirectOrigins,
      sessionMaxAgeMs: signIn.sessionMaxAgeDays * 24 * 3_600_000,
    },
  });
  const passwords = createPasswordsService({
    repository: createPasswordsRepository(db),
    throttle,
    mailer: deps.mailer,
    audit,
    clock,
    sessions: signInService,
    hasher,
    publicUrl,
    localPasswords: signIn.oidc === null,
  });
  return {
    services: {
      signIn: signInService,
      passwords,
      account: createAccountService({
        repository: createAccountRepository(db),
        passwords,
        audit,
        clock,
        idleTimeoutMs: signIn.sessionIdleMinutes * 60_000,
      }),
      users: createUsersService({ repository: createUsersRepository(db), audit, clock, hasher }),
    },
    embeddedProvider,
    /** checks the access tokens the embedded provider issues to assistants; null with an external provider */
    verifyOAuthToken,
    jobs: {
      // the provider's own writes sweep now and then too; this keeps a quiet installation from keeping expired tokens
      // and unused assistant clients for days
      handlers: {
        'signin.sweep': async () => {
          await sweepOidcRecords(db, clock.now());
          return jobDone();
        },
      },
      schedules: [{ name: 'signin.sweep', cron: '17 * * * *' }],
    } satisfies JobContribution,
  };
}

/** the MCP server as an OAuth protected resource: the audience of the tokens assistants get for it */
export function mcpResourceOf(publicUrl: string): string {
  return `${publicUrl}/mcp`;
}

/** what a service without sign-in settings uses: the embedded provider and the default lifetimes */
export const DEFAULT_SIGN_IN: SignInConfig = {
  oidc: null,
  allowedRedirectOrigins: [],
  sessionIdleMinutes: 480,
  sessionMaxAgeDays: 30,
};
