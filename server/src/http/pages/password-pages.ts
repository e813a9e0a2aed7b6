import type { PasswordProblem } from '../../domain/signin/password-rules.js';
import { PASSWORD_MIN_LENGTH } from '../../domain/signin/password-rules.js';
import { escapeHtml, htmlPage, type PageLanguage } from './sign-in-pages.js';

/**
 * The pages of passwords on the embedded sign-in, in Norwegian (bokmål) and English: choosing a password through a
 * one-time link, asking for a new link (forgot password), the first administrator's own password, and signing out.
 * Every problem is said in words next to its field.
 */
export type LinkState = 'used' | 'expired' | 'unknown';

export const TEXT = {
  nb: {
    setTitle: 'Velg passord',
    checking: 'Sjekker lenken …',
    forEmail: 'For',
    rules: `Minst ${PASSWORD_MIN_LENGTH} tegn. Ikke e-postadressen din, og ikke et av de vanligste passordene.`,
    password: 'Nytt passord',
    repeat: 'Gjenta passordet',
    save: 'Lagre passordet og logg inn',
    revokeKeys: 'Trekk også tilbake mine personlige API-nøkler',
    revokeKeysHint: 'Programmer som bruker dem, slutter å virke.',
    noScript: 'Denne siden trenger JavaScript for å lese lenken fra e-posten.',
    link: {
      used: 'Denne lenken er allerede brukt. Hver lenke virker bare én gang.',
      expired: 'Denne lenken er utløpt.',
      unknown: 'Denne lenken er ikke gyldig. Sjekk at du åpnet hele lenken fra e-posten.',
    } satisfies Record<LinkState, string>,
    newLink: 'Vi kan sende deg en ny lenke på e-post.',
    sendNew: 'Send meg en ny lenke',
    orEmail: 'Eller skriv inn e-postadressen din',
    problems: {
      too_short: `Passordet må ha minst ${PASSWORD_MIN_LENGTH} tegn.`,
      too_long: 'Passordet kan ha høyst 200 tegn.',
      is_email: 'Passordet kan ikke være e-postadressen din.',
      too_common: 'Dette er et av de 10 000 vanligste passordene. Velg et som er vanskeligere å gjette.',
      not_repeated: 'De to passordene er ikke like.',
    } satisfies Record<PasswordProblem, string>,
    forgotTitle: 'Glemt passordet',
    forgotIntro: 'Skriv inn e-postadressen din, så sender vi en lenke der du kan velge et nytt passord.',
    email: 'E-post',
    send: 'Send lenke',
    sent: 'Hvis adressen er kjent hos oss, er en lenke på vei. Den virker én gang, i én time. Sjekk også søppelposten.',
    backToSignIn: 'Tilbake til innloggingen',
    wait: (words: string) => `For mange forsøk. Vent ${words} og prøv igjen.`,
    minutes: (n: number) => (n === 1 ? 'ett minutt' : `${n} minutter`),
    firstTitle: 'Velg ditt eget passord',
    firstIntro:
      'Du logget inn med det genererte passordet fra first-admin.txt. Det virker bare denne ene gangen: velg ditt eget passord nå.',
    firstEmail: 'Du kan også bytte den felles adressen admin@byggdok.local med din egen e-postadresse.',
    emailTaken: 'En annen bruker har allerede denne e-postadressen.',
    emailInvalid: 'Skriv inn en gyldig e-postadresse.',
    firstSave: 'Lagre og fortsett',
    signOutTitle: 'Logg ut',
    signOutQuestion: 'Vil du logge ut av byggdok på denne enheten?',
    signOut: 'Logg ut',
    cancel: 'Avbryt',
    signedOut: 'Du er logget ut av byggdok. Logger deg også ut hos innloggingstjenesten …',
    goOn: 'Gå videre',
  },
  en: {
    setTitle: 'Choose your password',
    checking: 'Checking the link …',
    forEmail: 'For',
    rules: `At least ${PASSWORD_MIN_LENGTH} characters. Not your e-mail address, and not one of the most common passwords.`,
    password: 'New password',
    repeat: 'Repeat the password',
    save: 'Save the password and sign in',
    revokeKeys: 'Also revoke my personal API keys',
    revokeKeysHint: 'Programs that use them stop working.',
    noScript: 'This page needs JavaScript to read the link from the e-mail.',
    link: {
      used: 'This link has been used already. Each link works only once.',
      expired: 'This link has expired.',
      unknown: 'This link is not valid. Check that you opened the whole link from the e-mail.',
    } satisfies Record<LinkState, string>,
    newLink: 'We can send you a new link by e-mail.',
    sendNew: 'Send me a new link',
    orEmail: 'Or enter your e-mail address',
    problems: {
      too_short: `The password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
      too_long: 'The password can be at most 200 characters long.',
      is_email: 'The password cannot be your e-mail address.',
      too_common: 'This is one of the 10,000 most common passwords. Choose one that is harder to guess.',
      not_repeated: 'The two passwords are not the same.',
    } satisfies Record<PasswordProblem, string>,
    forgotTitle: 'Forgot your password',
    forgotIntro: 'Enter your e-mail address and we will send you a link where you can choose a new password.',
    email: 'E-mail',
    send: 'Send the link',
    sent: 'If the address is known to us, a link is on its way. It works once, for one hour. Check your spam folder too.',
    backToSignIn: 'Back to sign-in',
    wait: (words: string) => `Too many attempts. Wait ${words}, then try again.`,
    minutes: (n: number) => (n === 1 ? 'one minute' : `${n} minutes`),
    firstTitle: 'Choose your own password',
    firstIntro:
      'You signed in with the generated password from first-admin.txt. It works only this once: choose your own password now.',
    firstEmail: 'You can also replace the shared address admin@byggdok.local with your own e-mail address.',
    emailTaken: 'Another user already has this e-mail address.',
    emailInvalid: 'Enter a valid e-mail address.',
    firstSave: 'Save and continue',
    signOutTitle: 'Sign out',
    signOutQuestion: 'Do you want to sign out of byggdok on this device?',
    signOut: 'Sign out',
    cancel: 'Cancel',
    signedOut: 'You are signed out of byggdok. Signing you out at the sign-in provider too …',
    goOn: 'Continue',
  },
} as const;

/** how long to wait, in words: "14 minutes" (rounded up to whole minutes) */
export function waitInWords(seconds: number, lang: PageLanguage): string {
  const text = TEXT[lang];
  return text.wait(text.minutes(Math.max(1, Math.ceil(seconds / 60))));
}

function alert(id: string, message: string): string {
  return `<p role="alert" id="${id}">${escapeHtml(message)}</p>`;
}

function problemList(lang: PageLanguage, problems: PasswordProblem[]): string {
  if (problems.length === 0) return '';
  const text = TEXT[lang];
  return `<div role="alert" id="password-problems">${problems.map((p) => `<p>${escapeHtml(text.problems[p])}</p>`).join('')}</div>`;
}

/** the two password fields, described by their rules and by what is wrong */
function passwordFields(lang: PageLanguage, problems: PasswordProblem[]): string {
  const text = TEXT[lang];
  const described = `rules${problems.length ? ' password-problems' : ''}`;
  const invalid = problems.length ? ' aria-invalid="true"' : '';
  return `<p class="hint" id="rules">${escapeHtml(text.rules)}</p>
${problemList(lang, problems)}
<label for="password">${text.password}</label>
<input id="password" name="password" type="password" autocomplete="new-password" required maxlength="1000" aria-describedby="${described}"${invalid} autofocus>
<label for="passwordRepeat">${text.repeat}</label>
<input id="passwordRepeat" name="passwordRepeat" type="password" autocomplete="new-password" required maxlength="1000" aria-describedby="${described}"${invalid}>`;
}

/**
 * The offer to revoke the person's personal API keys with the new password, with how many still work: shown by the
 * script when the link's check counts any, or by the server on a refused post (`keys`: ticked as it was posted; no
 * count when it could not be had). Without it, a key made by whoever held the account outlives the new password.
 */
function revokeKeysField(lang: PageLanguage, keys: { count: number | null; checked: boolean } | undefined): string {
  const text = TEXT[lang];
  const shown = keys !== undefined && ((keys.count ?? 0) > 0 || keys.checked);
  const count = keys?.count ? ` (${keys.count})` : '';
  return `<div id="revoke-keys"${shown ? '' : ' hidden'}>
<label class="check"><input type="checkbox" name="revokeApiKeys" value="true" aria-describedby="revoke-keys-hint"${keys?.checked ? ' checked' : ''}><span>${escapeHtml(text.revokeKeys)}<span id="revoke-keys-count">${count}</span></span></label>
<p class="hint under" id="revoke-keys-hint">${escapeHtml(text.revokeKeysHint)}</p>
</div>`;
}

/**
 * The page an e-mailed link opens (`/auth/set-password#token=...`): its script (set-password.js) takes the token
 * from the fragment, asks whether the link works, and shows either the form or why not, with a way to a new link.
 * After a refused post the page comes back with the token in the form and the problems said.
 */
export function renderSetPasswordPage(params: {
  lang: PageLanguage;
  token?: string;
  email?: string;
  problems?: PasswordProblem[];
  linkState?: LinkState;
  waitSeconds?: number;
  /** on a refused post: the person's live personal keys (null: not known) and whether revoking them was ticked */
  revokeKeys?: { count: number | null; checked: boolean };
}): string {
  const text = TEXT[params.lang];
  const problems = params.problems ?? [];
  const known = params.token !== undefined && !params.linkState && params.waitSeconds === undefined;
  const state = params.linkState;
  const hidden = (visible: boolean) => (visible ? '' : ' hidden');
  const token = escapeHtml(params.token ?? '');
  return htmlPage({
    lang: params.lang,
    title: text.setTitle,
    body: `<noscript><p role="alert">${escapeHtml(text.noScript)}</p></noscript>
${params.waitSeconds !== undefined ? alert('wait', waitInWords(params.waitSeconds, params.lang)) : ''}
<p id="busy" role="alert" hidden data-one="${escapeHtml(text.wait(text.minutes(1)))}" data-many="${escapeHtml(text.wait(text.minutes(99).replace('99', '{n}')))}"></p>
<p id="checking" role="status"${hidden(!known && !state && params.waitSeconds === undefined)}>${escapeHtml(text.checking)}</p>
<section id="choose"${hidden(known)}>
<p id="for"${hidden(params.email !== undefined || !known)}>${text.forEmail} <strong id="for-email">${escapeHtml(params.email ?? '')}</strong></p>
<form id="set-password" method="post" action="/auth/set-password">
<input type="hidden" name="token" value="${token}">
<input type="email" name="username" autocomplete="username" value="${escapeHtml(params.email ?? '')}" hidden>
${passwordFields(params.lang, problems)}
${revokeKeysField(params.lang, params.revokeKeys)}
<button type="submit">${text.save}</button>
</form>
</section>
<section id="invalid"${hidden(state !== undefined)}>
${(['used', 'expired', 'unknown'] as const)
  .map((s) => `<p role="alert" data-state="${s}"${hidden(state === s)}>${escapeHtml(text.link[s])}</p>`)
  .join('\n')}
<p>${escapeHtml(text.newLink)}</p>
<form method="post" action="/auth/forgot-password">
<input type="hidden" name="token" value="${token}">
<button type="submit">${text.sendNew}</button>
</form>
<p><a href="/auth/forgot-password">${text.orEmail}</a></p>
</section>
<script src="/auth/set-password.js"></script>`,
  });
}

/** the browser half of the set-password page: no inline script (the page's policy allows only this file) */
export const SET_PASSWORD_SCRIPT = `'use strict';
(function () {
  var form = document.getElementById('set-password');
  var tokens = document.querySelectorAll('input[name=token]');
  function show(id) {
    ['checking', 'choose', 'invalid'].forEach(function (section) {
      document.getElementById(section).hidden = section !== id;
    });
  }
  function invalid(state) {
    document.querySelectorAll('#invalid [data-state]').forEach(function (p) {
      p.hidden = p.getAttribute('data-state') !== state;
    });
    show('invalid');
  }
  if (form.elements.token.value) return;
  var token = new URLSearchParams(location.hash.slice(1)).get('token');
  if (!token) return invalid('unknown');
  // the token leaves the address bar and the history at once
  history.replaceState(null, '', location.pathname);
  tokens.forEach(function (input) { input.value = token; });
  fetch('/auth/set-password/check', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ token: token }),
  })
    .then(function (response) {
      return response.json().then(function (body) {
        if (response.ok) {
          document.getElementById('for-email').textContent = body.email;
          form.elements.username.value = body.email;
          if (body.personalApiKeys > 0) {
            document.getElementById('revoke-keys-count').textContent = ' (' + body.personalApiKeys + ')';
            document.getElementById('revoke-keys').hidden = false;
          }
          show('choose');
          form.elements.password.focus();
        } else if (response.status === 429) {
          var busy = document.getElementById('busy');
          var minutes = Math.max(1, Math.ceil(Number(response.headers.get('retry-after') || 60) / 60));
          busy.textContent = (minutes === 1 ? busy.getAttribute('data-one') : busy.getAttribute('data-many')).replace('{n}', String(minutes));
          busy.hidden = false;
          document.getElementById('checking').hidden = true;
        } else {
          invalid(body.code === 'auth.password_link_used' ? 'used' : body.code === 'auth.password_link_expired' ? 'expired' : 'unknown');
        }
      });
    })
    .catch(function () { show('choose'); });
})();
`;

/** forgot password: the e-mail asked for; afterwards the same answer whether or not the address is known */
export function renderForgotPasswordPage(params: {
  lang: PageLanguage;
  email: string;
  sent: boolean;
  waitSeconds?: number;
}): string {
  const text = TEXT[params.lang];
  const wait = params.waitSeconds !== undefined ? alert('wait', waitInWords(params.waitSeconds, params.lang)) : '';
  const back = `<p><a href="/auth/login">${text.backToSignIn}</a></p>`;
  if (params.sent) {
    return htmlPage({
      lang: params.lang,
      title: text.forgotTitle,
      body: `<p role="status">${escapeHtml(text.sent)}</p>\n${back}`,
    });
  }
  return htmlPage({
    lang: params.lang,
    title: text.forgotTitle,
    body: `${wait}<p>${escapeHtml(text.forgotIntro)}</p>
<form method="post" action="/auth/forgot-password">
<label for="email">${text.email}</label>
<input id="email" name="email" type="email" autocomplete="username" required maxlength="320" value="${escapeHtml(params.email)}" autofocus>
<button type="submit">${text.send}</button>
</form>
${back}`,
  });
}

/**
 * The first administrator's first sign-in (inside the embedded provider's interaction): their own password, and their
 * own e-mail instead of admin@byggdok.local if they like.
 */
export function renderFirstPasswordPage(params: {
  lang: PageLanguage;
  action: string;
  token: string;
  email: string;
  problems?: PasswordProblem[];
  emailProblem?: 'taken' | 'invalid';
}): string {
  const text = TEXT[params.lang];
  const emailError =
    params.emailProblem === 'taken'
      ? alert('email-problem', text.emailTaken)
      : params.emailProblem === 'invalid'
        ? alert('email-problem', text.emailInvalid)
        : '';
  const emailDescribed = params.emailProblem ? ' aria-describedby="email-problem" aria-invalid="true"' : '';
  return htmlPage({
    lang: params.lang,
    title: text.firstTitle,
    body: `<p>${escapeHtml(text.firstIntro).replace('first-admin.txt', '<code>first-admin.txt</code>')}</p>
<form method="post" action="${escapeHtml(params.action)}">
<input type="hidden" name="token" value="${escapeHtml(params.token)}">
<p class="hint">${escapeHtml(text.firstEmail)}</p>
${emailError}<label for="email">${text.email}</label>
<input id="email" name="email" type="email" autocomplete="username" required maxlength="320" value="${escapeHtml(params.email)}"${emailDescribed}>
${passwordFields(params.lang, params.problems ?? [])}
<button type="submit">${text.firstSave}</button>
</form>`,
  });
}

/** GET /auth/logout: a button that posts the sign-out (a link or another site cannot sign anyone out) */
export function renderSignOutPage(params: { lang: PageLanguage; redirectUri: string | null }): string {
  const text = TEXT[params.lang];
  const redirect = params.redirectUri
    ? `<input type="hidden" name="redirectUri" value="${escapeHtml(params.redirectUri)}">\n`
    : '';
  return htmlPage({
    lang: params.lang,
    title: text.signOutTitle,
    body: `<p>${escapeHtml(text.signOutQuestion)}</p>
<form method="post" action="/auth/logout">
${redirect}<button type="submit">${text.signOut}</button>
</form>
<p><a href="/app/">${text.cancel}</a></p>`,
  });
}

/** after a sign-out, on the way to an outside provider's end-session page (a refresh, and a link for the rest) */
export function renderSignedOutPage(params: { lang: PageLanguage; next: string }): string {
  const text = TEXT[params.lang];
  const next = escapeHtml(params.next);
  return htmlPage({
    lang: params.lang,
    title: text.signOutTitle,
    body: `<meta http-equiv="refresh" content="0;url=${next}">
<p role="status">${escapeHtml(text.signedOut)}</p>
<p><a href="${next}">${text.goOn}</a></p>`,
  });
}
