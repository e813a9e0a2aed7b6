import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { changeLanguage, LANGUAGES, type Language } from '../i18n.js';

export function Layout() {
  const { t, i18n } = useTranslation();
  return (
    <>
      <header className="topbar">
        <Link to="/" className="brand">
          {t('brand')}
        </Link>
        <nav aria-label="main">
          <Link to="/">{t('nav.portfolio')}</Link>
        </nav>
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
