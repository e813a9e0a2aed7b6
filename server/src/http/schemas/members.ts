import { Type } from '@sinclair/typebox';
import { MAIL_LOCALES } from '../../domain/mail/mailer.js';
import { RoleSchema, Uuid } from './people.js';

/** the application spec's identity-provider user id: `user_` and 26 letters or digits */
export const UserId = Type.String({ pattern: '^user_[A-Za-z0-9]{26}$', description: 'user_ and 26 letters or digits' });

export const InvitationBody = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: 320 }),
    role: RoleSchema,
    locale: Type.Optional(
      Type.Union(
        MAIL_LOCALES.map((locale) => Type.Literal(locale)),
        { description: 'language of the invitation mail (English when absent)' },
      ),
    ),
    origin: Type.Optional(
      Type.Union([Type.Literal('construction'), Type.Literal('document-platform')], {
        description: 'which product the invitation speaks of',
      }),
    ),
    projectId: Type.Optional(
      Uuid(
        'invite into this project of the customer: `role` is then the project role, and a newcomer gets NO_ACCESS in the customer',
      ),
    ),
  },
  { additionalProperties: false },
);

export const MemberSchema = Type.Object({
  id: Type.String(),
  email: Type.String(),
  name: Type.String(),
  role: RoleSchema,
  status: Type.Union([Type.Literal('invited'), Type.Literal('active'), Type.Literal('deactivated')]),
});

export const MemberListItemSchema = Type.Object({
  ...MemberSchema.properties,
  locale: Type.String(),
  lastSignInAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

export const ProjectRoleBody = Type.Object({ role: RoleSchema }, { additionalProperties: false });

export const ProjectRolesBody = Type.Object(
  {
    roles: Type.Array(
      Type.Object({ projectId: Uuid('project id'), role: RoleSchema }, { additionalProperties: false }),
      { minItems: 1, maxItems: 1000 },
    ),
  },
  { additionalProperties: false },
);
