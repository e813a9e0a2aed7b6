import { useTranslation } from 'react-i18next';
import { formText } from '../api.js';
import { localeOfLanguage, LANGUAGES, type Language } from '../i18n.js';
import type { Role } from '../roles.js';

export interface InvitationInput {
  email: string;
  role: Role;
  locale: 'no' | 'en';
}

/** an e-mail, a role among those the inviter may give, and the language of the invitation mail */
export function InviteForm(props: {
  roleLabel: string;
  roles: readonly Role[];
  defaultRole: Role;
  pending: boolean;
  invite: (input: InvitationInput, done: () => void) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <form
      className="inline-form"
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        props.invite(
          {
            email: formText(form, 'email').trim(),
            role: formText(form, 'role') as Role,
            locale: localeOfLanguage(formText(form, 'language') as Language),
          },
          () => form.reset(),
        );
      }}
    >
      <label>
        {t('people.email')}
        <input name="email" type="email" required maxLength={320} autoComplete="off" />
      </label>
      <label>
        {props.roleLabel}
        <select name="role" defaultValue={props.defaultRole}>
          {props.roles.map((role) => (
            <option key={role} value={role}>
              {t(`people.roles.${role}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('people.mailLanguage')}
        {/* the app's language until the person picks another: it follows a change of the app's language too */}
        <select key={i18n.language} name="language" defaultValue={i18n.language}>
          {LANGUAGES.map((language) => (
            <option key={language} value={language}>
              {t(`languages.${language}`)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" disabled={props.pending}>
        {t('people.send')}
      </button>
    </form>
  );
}
