import { Type } from '@sinclair/typebox';
import type { PeopleService } from '../../../domain/people/people.service.js';
import type { App } from '../../app-types.js';
import { principalOf } from '../../plugins/partner-auth.js';
import { withProblems } from '../../schemas/common.js';
import { PERSON_SECURITY, RoleSchema } from '../../schemas/people.js';
import { MAIL_LOCALES } from '../../../domain/mail/mailer.js';
import type { AccountService } from '../../../domain/signin/account.service.js';
import type { PasswordsService } from '../../../domain/signin/passwords.service.js';

const MeSchema = Type.Object({
  id: Type.String(),
  email: Type.String(),
  name: Type.String(),
  locale: Type.String(),
  platformAdmin: Type.Boolean(),
  passwordSignIn: Type.Boolean({
    description: 'the person signs in with a password here (the embedded sign-in): the account page offers a change',
  }),
  customers: Type.Array(
    Type.Object({ id: Type.String(), name: Type.String(), role: Type.Union([RoleSchema, Type.Null()]) }),
  ),
  projects: Type.Array(
    Type.Object({ id: Type.String(), customerId: Type.String(), name: Type.String(), role: RoleSchema }),
  ),
});

/** The signed-in person, with every customer and project they reach and the role they act with in each. */
export function registerMeRoute(
  app: App,
  deps: { people: PeopleService; account: AccountService; passwords: PasswordsService },
): void {
  const withSignIn = async <T extends object>(me: Promise<T>) => ({
    ...(await me),
    passwordSignIn: deps.passwords.localPasswords,
  });
  app.get(
    '/auth/me',
    {
      schema: {
        tags: ['sign-in'],
        summary: 'The user of the current session or personal key',
        security: PERSON_SECURITY,
        response: withProblems({ 200: MeSchema }, [401]),
      },
    },
    async (request) => withSignIn(deps.people.me(principalOf(request))),
  );

  app.patch(
    '/auth/me',
    {
      schema: {
        tags: ['sign-in'],
        summary: "Change the signed-in person's name or language (the web app opens in it on every device)",
        security: PERSON_SECURITY,
        body: Type.Object(
          {
            locale: Type.Optional(
              Type.Union(
                MAIL_LOCALES.map((locale) => Type.Literal(locale)),
                { description: 'no: Norwegian; en: English; the web app shows the others in English' },
              ),
            ),
            name: Type.Optional(
              Type.String({
                minLength: 1,
                maxLength: 200,
                pattern: '\\S',
                description: 'the name shown to others, in mails and in audit logs (a provider no longer replaces it)',
              }),
            ),
          },
          { additionalProperties: false, minProperties: 1 },
        ),
        response: withProblems({ 200: MeSchema }, [400, 401]),
      },
    },
    async (request) => {
      const principal = principalOf(request);
      if (request.body.name !== undefined) {
        await deps.account.setName({ principal, name: request.body.name, clientAddress: request.ip });
      }
      if (request.body.locale !== undefined) await deps.people.setLocale(principal, request.body.locale);
      return withSignIn(deps.people.me(principal));
    },
  );
}
