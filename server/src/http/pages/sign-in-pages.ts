import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppError } from '../../domain/shared/errors.js';
import { sendProblem } from '../plugins/errors.js';
import { waitInWords } from './password-pages.js';

/**
 * The few pages people see during sign-in (the embedded provider's login form, and why a sign-in stopped), in
 * Norwegian (bokmål) or English after the browser's Accept-Language. Plain, accessible HTML: one heading, labels on
 * every field, no script.
 */
export type PageLanguage = 'nb' | 'en';

export function pageLanguage(request: FastifyRequest): PageLanguage {
  const header = String(request.headers['accept-language'] ?? '');
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag, q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.tag)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    if (/^(nb|no|nn)\b/.test(tag)) return 'nb';
    if (/^en\b/.test(tag)) return 'en';
  }
  return 'en';
}

/** a client that asks for JSON (fetch from the web app) gets problem+json, a browser a page */
export function wantsJson(request: FastifyRequest): boolean {
  const accept = String(request.headers.accept ?? '');
  return accept.includes('json') && !accept.includes('text/html');
}

export const TEXT = {
  nb: {
    failedTitle: 'Innloggingen stoppet',
    tryAgain: 'Prøv å logge inn på nytt',
    loginTitle: 'Logg inn',
    email: 'E-post',
    password: 'Passord',
    submit: 'Logg inn',
    wrongPassword: 'Feil e-post eller passord.',
    forgot: 'Glemt passordet?',
    consentTitle: 'Gi assistenten tilgang?',
    consentAsks: (client: string, who: string) =>
      `<strong>${client}</strong> ber om å bruke byggdok som deg (${who}), bare gjennom assistenttilkoblingen (MCP). Den kan:`,
    consentCan: [
      'lese byggene, dokumentene, prosjektene og leveransene du har tilgang til, søke i dem og stille spørsmål om dem',
      'lage mangelrapporter og koble dokumenter til punktene som dokumentasjon, der rollen din lar deg endre dokumenter',
    ],
    consentCannot:
      'Den kan ikke lage nøkler, invitere folk, endre roller, dele portallenker eller endre kontoen din, og den når ikke byggdoks andre grensesnitt.',
    consentReturn: (host: string) => `Etterpå sendes du tilbake til <strong>${host}</strong>.`,
    consentNote:
      'Hver tilgangsnøkkel varer én time. Assistenten kan fornye den til du kobler den fra på kontosiden din, logger ut av denne økten eller passordet ditt settes på nytt. Du kan avslå uten at noe endres.',
    allow: 'Gi tilgang',
    deny: 'Avslå',
    reasons: {
      'sign_in.not_invited': 'Du er ikke invitert. Be en administrator hos kunden din om en invitasjon.',
      'sign_in.invalid_state': 'Denne innloggingslenken er ikke gyldig lenger. Start innloggingen på nytt.',
      'sign_in.provider_refused': 'Innloggingen ble avbrutt eller avvist hos innloggingstjenesten.',
      'sign_in.invalid_response': 'Svaret fra innloggingstjenesten kunne ikke bekreftes.',
      'sign_in.provider_unreachable': 'Innloggingstjenesten svarer ikke. Prøv igjen om litt.',
      'sign_in.email_not_verified': 'Innloggingstjenesten har ikke bekreftet e-postadressen din.',
      'sign_in.user_deactivated': 'Brukeren din er deaktivert.',
      'sign_in.interaction_expired': 'Innloggingssiden er utløpt. Start innloggingen på nytt.',
      'sign_in.other_browser':
        'Denne innloggingen ble startet i en annen nettleser, eller den tok for lang tid. Start innloggingen på nytt her.',
      'sign_in.account_linked_elsewhere':
        'Denne personen logger inn med en annen konto hos innloggingstjenesten. Bruk den kontoen.',
      'auth.too_many_attempts': 'For mange forsøk herfra på kort tid. Vent litt, og start innloggingen på nytt.',
    } as Record<string, string>,
    fallback: 'Innloggingen kunne ikke fullføres.',
  },
  en: {
    failedTitle: 'Sign-in stopped',
    tryAgain: 'Try signing in again',
    loginTitle: 'Sign in',
    email: 'E-mail',
    password: 'Password',
    submit: 'Sign in',
    wrongPassword: 'Wrong e-mail or password.',
    forgot: 'Forgot your password?',
    consentTitle: 'Allow this assistant?',
    consentAsks: (client: string, who: string) =>
      `<strong>${client}</strong> asks to use byggdok as you (${who}), through its assistant connection (MCP) only. It can:`,
    consentCan: [
      'read the buildings, documents, projects and deliveries you can read, search them and ask questions about them',
      'generate deficiency reports and link documents to their items as evidence, where your role lets you change documents',
    ],
    consentCannot:
      'It cannot create keys, invite people, change roles, hand out portal links or change your account, and it cannot use byggdok’s other interfaces.',
    consentReturn: (host: string) => `Afterwards you are sent back to <strong>${host}</strong>.`,
    consentNote:
      'Each access token lasts one hour. The assistant may renew it until you disconnect it on your account page, sign out of this session or your password is set. Declining changes nothing.',
    allow: 'Allow',
    deny: 'Decline',
    reasons: {
      'sign_in.not_invited': 'You have not been invited. Ask an administrator of your organisation for an invitation.',
      'sign_in.invalid_state': 'This sign-in link is not valid any more. Start the sign-in again.',
      'sign_in.provider_refused': 'The sign-in was cancelled or refused at the sign-in provider.',
      'sign_in.invalid_response': 'The sign-in provider’s answer could not be verified.',
      'sign_in.provider_unreachable': 'The sign-in provider does not answer. Try again in a moment.',
      'sign_in.email_not_verified': 'The sign-in provider has not verified your e-mail address.',
      'sign_in.user_deactivated': 'Your user has been deactivated.',
      'sign_in.interaction_expired': 'The sign-in page has expired. Start the sign-in again.',
      'sign_in.other_browser':
        'This sign-in was started in another browser, or it took too long. Start the sign-in again here.',
      'sign_in.account_linked_elsewhere':
        'This person signs in with another account at the sign-in provider. Use that account.',
      'auth.too_many_attempts':
        'Too many attempts from here in a short time. Wait a while, then start the sign-in again.',
    } as Record<string, string>,
    fallback: 'The sign-in could not be completed.',
  },
} as const;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The embedded provider's consent page for an assistant (an OAuth client that registered itself): who asks, as whom,
 * for what, and where the browser goes next. Every name shown is escaped: a client chooses its own.
 */
export function renderConsentPage(params: {
  lang: PageLanguage;
  action: string;
  clientName: string;
  account: string;
  redirectHost: string;
}): string {
  const text = TEXT[params.lang];
  return htmlPage({
    lang: params.lang,
    title: text.consentTitle,
    body: `<p>${text.consentAsks(escapeHtml(params.clientName), escapeHtml(params.account))}</p>
<ul>${text.consentCan.map((line) => `<li>${line}</li>`).join('')}</ul>
<p>${text.consentCannot}</p>
<p>${text.consentReturn(escapeHtml(params.redirectHost))}</p>
<p>${text.consentNote}</p>
<form method="post" action="${escapeHtml(params.action)}">
<button type="submit" name="decision" value="allow">${text.allow}</button>
<button type="submit" name="decision" value="deny">${text.deny}</button>
</form>`,
  });
}

/** one plain page: a heading and its body */
export function htmlPage(params: { lang: PageLanguage; title: string; body: string }): string {
  return `<!doctype html>
<html lang="${params.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(params.title)} · byggdok</title>
<style>
body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a}
label{display:block;margin-top:1rem;font-weight:600}
input{display:block;width:100%;box-sizing:border-box;padding:.5rem;font-size:1rem;margin-top:.25rem}
button{margin-top:1.5rem;padding:.6rem 1.2rem;font-size:1rem}
[role=alert]{color:#a00000;font-weight:600}
[hidden]{display:none!important}
code{white-space:nowrap}
.hint{color:#52606d;margin-top:1rem}
label.check{display:flex;align-items:baseline;gap:.5rem;font-weight:400}
label.check input{display:inline;width:auto;margin:0;flex:none}
.hint.under{margin-top:.25rem}
a{color:#1d4ed8}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(params.title)}</h1>
${params.body}
</main>
</body>
</html>
`;
}

/** Why a sign-in stopped: a page with the error's status for a browser, problem+json for a client asking for JSON. */
export function sendSignInFailure(request: FastifyRequest, reply: FastifyReply, error: AppError, status: number) {
  if (error.retryAfterSeconds !== undefined) void reply.header('retry-after', String(error.retryAfterSeconds));
  if (wantsJson(request)) return sendProblem(reply, { status, code: error.code, detail: error.message });
  const lang = pageLanguage(request);
  const text = TEXT[lang];
  const reason = text.reasons[error.code] ?? text.fallback;
  const html = htmlPage({
    lang,
    title: text.failedTitle,
    body: `<p role="alert" data-code="${escapeHtml(error.code)}">${escapeHtml(reason)}</p>\n<p><a href="/auth/login">${text.tryAgain}</a></p>`,
  });
  return reply.status(status).type('text/html; charset=utf-8').send(html);
}

/**
 * The embedded provider's login form: posts to its own interaction, e-mail prefilled from the login hint. `failed`: a
 * wrong e-mail or password; `waitSeconds`: too many failed tries, said in words (the same for every account).
 */
export function renderLoginPage(params: {
  lang: PageLanguage;
  action: string;
  email: string;
  failed: boolean;
  waitSeconds?: number;
}): string {
  const text = TEXT[params.lang];
  const message =
    params.waitSeconds !== undefined
      ? waitInWords(params.waitSeconds, params.lang)
      : params.failed
        ? text.wrongPassword
        : null;
  const error = message ? `<p role="alert" id="error">${escapeHtml(message)}</p>\n` : '';
  const described = message ? ' aria-describedby="error"' : '';
  const forgot = `/auth/forgot-password${params.email ? `?email=${encodeURIComponent(params.email)}` : ''}`;
  return htmlPage({
    lang: params.lang,
    title: text.loginTitle,
    body: `${error}<form method="post" action="${escapeHtml(params.action)}">
<label for="email">${text.email}</label>
<input id="email" name="email" type="email" autocomplete="username" required maxlength="320" value="${escapeHtml(params.email)}"${described}>
<label for="password">${text.password}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="200"${described}${params.email ? ' autofocus' : ''}>
<button type="submit">${text.submit}</button>
</form>
<p><a href="${escapeHtml(forgot)}">${text.forgot}</a></p>`,
  });
}
