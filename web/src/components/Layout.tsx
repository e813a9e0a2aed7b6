import { useTranslation } from 'react-i18next';
import { Link, Outlet, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { api, formText, unwrap } from '../api.js';
import { changeLanguage, LANGUAGES, type Language } from '../i18n.js';

export function Layout() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  // who is signed in: a signed-out visitor goes to sign-in (and comes back) whatever page they opened
  const me = useQuery({ queryKey: ['me'], queryFn: () => unwrap(api.GET('/auth/me')), staleTime: 60_000 });
  return (
    <>
      <header className="topbar no-print">
        <Link to="/" className="brand">
          {t('brand')}
        </Link>
        <nav aria-label="main">
          <Link to="/">{t('nav.portfolio')}</Link>
          <Link to="/search">{t('nav.search')}</Link>
        </nav>
        <form
          role="search"
          className="quick-search"
          onSubmit={(event) => {
            event.preventDefault();
            const q = formText(event.currentTarget, 'q').trim();
            const owner = params.ownerId ? `&owner=${encodeURIComponent(params.ownerId)}` : '';
            const building = params.buildingId ? `&building=${encodeURIComponent(params.buildingId)}` : '';
            if (q) void navigate(`/search?q=${encodeURIComponent(q)}${owner}${building}`);
          }}
        >
          <input name="q" type="search" aria-label={t('nav.search')} placeholder={t('nav.search')} />
        </form>
        {me.data && <span className="who">{me.data.name || me.data.email}</span>}
        <label className="language">
          <span>{t('language')}</span>
          <select value={i18n.language} onChange={(event) => void changeLanguage(event.target.value as Language)}>
            {LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {language === 'nb' ? 'Norsk (bokmål)' : 'English'}
              </option>
            ))}
          </select>
        </label>
      </header>
      <main className="content">
        <Outlet />
      </main>
    </>
  );
}

/** loading, failure in words, or the content */
export function Loaded(props: { loading: boolean; error: Error | null; retry: () => void; children: React.ReactNode }) {
  const { t } = useTranslation();
  if (props.loading) return <p role="status">{t('loading')}</p>;
  if (props.error) {
    return (
      <div role="alert" className="failure">
        <p>{t('error', { detail: props.error.message })}</p>
        <button type="button" onClick={props.retry}>
          {t('retry')}
        </button>
      </div>
    );
  }
  return <>{props.children}</>;
}
