import { Type } from '@sinclair/typebox';
import type { PeopleService } from '../../../domain/people/people.service.js';
import type { App } from '../../app-types.js';
import { principalOf } from '../../plugins/partner-auth.js';
import { withProblems } from '../../schemas/common.js';
import { PERSON_SECURITY, RoleSchema } from '../../schemas/people.js';
import { MAIL_LOCALES } from '../../../domain/mail/mailer.js';

const MeSchema = Type.Object({
  id: Type.String(),
  email: Type.String(),
  name: Type.String(),
  locale: Type.String(),
  platformAdmin: Type.Boolean(),
  customers: Type.Array(
    Type.Object({ id: Type.String(), name: Type.String(), role: Type.Union([RoleSchema, Type.Null()]) }),
  ),
  projects: Type.Array(
    Type.Object({ id: Type.String(), customerId: Type.String(), name: Type.String(), role: RoleSchema }),
  ),
});

/** The signed-in person, with every customer and project they reach and the role they act with in each. */
export function registerMeRoute(app: App, deps: { people: PeopleService }): void {
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
    async (request) => deps.people.me(principalOf(request)),
  );

  app.patch(
    '/auth/me',
    {
      schema: {
        tags: ['sign-in'],
        summary: "Change the signed-in person's language: the web app opens in it on every device",
        security: PERSON_SECURITY,
        body: Type.Object(
          {
            locale: Type.Union(
              MAIL_LOCALES.map((locale) => Type.Literal(locale)),
              { description: 'no: Norwegian; en: English; the web app shows the others in English' },
            ),
          },
          { additionalProperties: false },
        ),
        response: withProblems({ 200: MeSchema }, [400, 401]),
      },
    },
    async (request) => deps.people.setLocale(principalOf(request), request.body.locale),
  );
}
