import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, formText, unwrap } from '../api.js';
import { useMe } from '../roles.js';
import { changeLanguage, languageOfLocale, LANGUAGES, localeOfLanguage, type Language } from '../i18n.js';
import { problemText } from '../problems.js';

export function Layout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  // who is signed in: a signed-out visitor goes to sign-in (and comes back) whatever page they opened
  const me = useMe();
  const queries = useQueryClient();
  // the language the person chose is theirs, on any device: it replaces this browser's guess once known
  const remembered = languageOfLocale(me.data?.locale);
  useEffect(() => {
    if (remembered && remembered !== i18next.language) void changeLanguage(remembered);
  }, [remembered]);
  async function choose(language: Language) {
    await changeLanguage(language);
    const updated = await unwrap(api.PATCH('/auth/me', { body: { locale: localeOfLanguage(language) } }));
    queries.setQueryData(['me'], updated);
  }
  return (
    <>
      <header className="topbar no-print">
        <Link to="/" className="brand">
          {t('brand')}
        </Link>
        <nav aria-label="main">
          <Link to="/">{t('nav.portfolio')}</Link>
          <Link to="/search">{t('nav.search')}</Link>
          <Link to="/projects">{t('nav.projects')}</Link>
          <Link to="/people">{t('nav.people')}</Link>
        </nav>
        <form
          role="search"
          className="quick-search"
          onSubmit={(event) => {
            event.preventDefault();
            const q = formText(event.currentTarget, 'q').trim();
            const owner = params.ownerId ? `&owner=${encodeURIComponent(params.ownerId)}` : '';
            const building = params.buildingId ? `&building=${encodeURIComponent(params.buildingId)}` : '';
            if (!q) return;
            // the search page shows the words from here on: a stale copy left in the top bar would disagree with it
            event.currentTarget.reset();
            void navigate(`/search?q=${encodeURIComponent(q)}${owner}${building}`);
          }}
        >
          <input name="q" type="search" aria-label={t('nav.search')} placeholder={t('nav.search')} />
        </form>
        {me.data && (
          <Link
            to="/account"
            className="who"
            aria-label={t('nav.signedInAs', { name: me.data.name || me.data.email })}
            title={me.data.email}
          >
            {me.data.name || me.data.email}
          </Link>
        )}
        <LanguagePicker choose={(language) => void choose(language).catch(() => undefined)} />
        {/* a POST from this page (the service checks its Origin): a link or another site cannot sign anyone out */}
        <form method="post" action="/auth/logout" className="sign-out">
          <button type="submit">{t('nav.signOut')}</button>
        </form>
      </header>
      <main className="content">
        <Outlet />
      </main>
    </>
  );
}

/** a failed call in words (the problem's detail), or nothing */
export function Failure(props: { error: Error | null | undefined }) {
  const { t } = useTranslation();
  if (!props.error) return null;
  return (
    <p role="alert" className="failure">
      {problemText(t, props.error)}
    </p>
  );
}

/** the nb/en switch; `choose` also remembers the choice where there is somewhere to (a signed-in person) */
export function LanguagePicker(props: { choose: (language: Language) => void; className?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <label className={props.className ?? 'language'}>
      <span>{t('language')}</span>
      <select value={i18n.language} onChange={(event) => props.choose(event.target.value as Language)}>
        {LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {language === 'nb' ? 'Norsk (bokmål)' : 'English'}
          </option>
        ))}
      </select>
    </label>
  );
}

/** loading, failure in words, or the content */
export function Loaded(props: { loading: boolean; error: Error | null; retry: () => void; children: React.ReactNode }) {
  const { t } = useTranslation();
  if (props.loading) return <p role="status">{t('loading')}</p>;
  if (props.error) {
    return (
      <div role="alert" className="failure">
        <p>{problemText(t, props.error)}</p>
        <button type="button" onClick={props.retry}>
          {t('retry')}
        </button>
      </div>
    );
  }
  return <>{props.children}</>;
}
