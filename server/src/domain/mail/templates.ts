import { informationTypeName } from '../classification/reference-data.js';
import type { MailLocale, MailOrigin, MailTemplate } from './mailer.js';

/** a message ready for a transport: subject, plain text, and HTML */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

interface InvitationWords {
  product: Record<MailOrigin, string>;
  roles: Record<string, string>;
  /** where the person is invited: the customer, or one of its projects */
  target: (customer: string, project: string | null) => string;
  subject: (target: string, product: string) => string;
  greeting: string;
  invitedBy: (inviter: string, target: string, product: string, role: string) => string;
  invited: (target: string, product: string, role: string) => string;
  purpose: Record<MailOrigin, string>;
  choosePassword: (days: number) => string;
  choosePasswordButton: string;
  signInWithPassword: string;
  forgotPassword: string;
  button: string;
  linkHint: string;
  ignore: string;
}

/**
 * The invitation in each language the application offers: who invited the person, to which customer or project, with
 * which role, and how to get in. `construction`: the contractor's project documentation (deliveries from
 * subcontractors, approval, handover); `document-platform`: the owner's building documentation (FDV, drawings,
 * certificates).
 */
export const INVITATION: Record<MailLocale, InvitationWords> = {
  en: {
    product: { construction: 'byggdok Construction', 'document-platform': 'byggdok Documentation' },
    roles: {
      ADMIN: 'Administrator',
      OWNER: 'Owner',
      WRITE_ACCESS: 'Write access',
      READ_ACCESS: 'Read access',
      NO_ACCESS: 'No access',
    },
    target: (customer, project) => (project ? `the project ${project} of ${customer}` : customer),
    subject: (target, product) => `You are invited to ${target} in ${product}`,
    greeting: 'Hello,',
    invitedBy: (inviter, target, product, role) =>
      `${inviter} has invited you to ${target} in ${product}, with the role ${role}.`,
    invited: (target, product, role) => `You have been invited to ${target} in ${product}, with the role ${role}.`,
    purpose: {
      construction:
        'There you follow the construction projects, the documentation each subcontractor delivers, and its approval and handover.',
      'document-platform':
        "There you find the buildings' documentation: drawings, operation and maintenance manuals, product data sheets and certificates.",
    },
    choosePassword: (days) =>
      `To get started, choose your password with the link below. It works once, for ${days} days.`,
    choosePasswordButton: 'Choose your password',
    signInWithPassword: 'Sign in with your e-mail address and the password you already have.',
    forgotPassword: 'Forgot your password? Choose a new one here:',
    button: 'Sign in',
    linkHint: 'If the button does not work, open this address in your browser:',
    ignore: 'If you did not expect this invitation, you can ignore this e-mail.',
  },
  no: {
    product: { construction: 'byggdok Bygg', 'document-platform': 'byggdok Dokumentasjon' },
    roles: {
      ADMIN: 'Administrator',
      OWNER: 'Eier',
      WRITE_ACCESS: 'Skrivetilgang',
      READ_ACCESS: 'Lesetilgang',
      NO_ACCESS: 'Ingen tilgang',
    },
    target: (customer, project) => (project ? `prosjektet ${project} hos ${customer}` : customer),
    subject: (target, product) => `Du er invitert til ${target} i ${product}`,
    greeting: 'Hei,',
    invitedBy: (inviter, target, product, role) =>
      `${inviter} har invitert deg til ${target} i ${product}, med rollen ${role}.`,
    invited: (target, product, role) => `Du er invitert til ${target} i ${product}, med rollen ${role}.`,
    purpose: {
      construction:
        'Der følger du byggeprosjektene, dokumentasjonen hver underentreprenør leverer, og godkjenning og overlevering av den.',
      'document-platform':
        'Der finner du dokumentasjonen for byggene: tegninger, FDV-dokumentasjon, produktdatablader og sertifikater.',
    },
    choosePassword: (days) =>
      `For å komme i gang velger du passordet ditt med lenken under. Den virker én gang, i ${days} dager.`,
    choosePasswordButton: 'Velg passord',
    signInWithPassword: 'Logg inn med e-postadressen din og passordet du allerede har.',
    forgotPassword: 'Glemt passordet? Velg et nytt her:',
    button: 'Logg inn',
    linkHint: 'Hvis knappen ikke virker, åpner du denne adressen i nettleseren:',
    ignore: 'Hvis du ikke ventet denne invitasjonen, kan du se bort fra denne e-posten.',
  },
  sv: {
    product: { construction: 'byggdok Bygg', 'document-platform': 'byggdok Dokumentation' },
    roles: {
      ADMIN: 'Administratör',
      OWNER: 'Ägare',
      WRITE_ACCESS: 'Skrivbehörighet',
      READ_ACCESS: 'Läsbehörighet',
      NO_ACCESS: 'Ingen behörighet',
    },
    target: (customer, project) => (project ? `projektet ${project} hos ${customer}` : customer),
    subject: (target, product) => `Du är inbjuden till ${target} i ${product}`,
    greeting: 'Hej,',
    invitedBy: (inviter, target, product, role) =>
      `${inviter} har bjudit in dig till ${target} i ${product}, med rollen ${role}.`,
    invited: (target, product, role) => `Du har blivit inbjuden till ${target} i ${product}, med rollen ${role}.`,
    purpose: {
      construction:
        'Där följer du byggprojekten, den dokumentation varje underentreprenör levererar samt granskning och överlämning av den.',
      'document-platform':
        'Där hittar du byggnadernas dokumentation: ritningar, drift- och underhållsinstruktioner, produktblad och intyg.',
    },
    choosePassword: (days) =>
      `För att komma igång väljer du ditt lösenord via länken nedan. Den fungerar en gång, i ${days} dagar.`,
    choosePasswordButton: 'Välj lösenord',
    signInWithPassword: 'Logga in med din e-postadress och det lösenord du redan har.',
    forgotPassword: 'Glömt lösenordet? Välj ett nytt här:',
    button: 'Logga in',
    linkHint: 'Om knappen inte fungerar, öppna den här adressen i webbläsaren:',
    ignore: 'Om du inte väntade dig den här inbjudan kan du bortse från e-postmeddelandet.',
  },
  da: {
    product: { construction: 'byggdok Byg', 'document-platform': 'byggdok Dokumentation' },
    roles: {
      ADMIN: 'Administrator',
      OWNER: 'Ejer',
      WRITE_ACCESS: 'Skriveadgang',
      READ_ACCESS: 'Læseadgang',
      NO_ACCESS: 'Ingen adgang',
    },
    target: (customer, project) => (project ? `projektet ${project} hos ${customer}` : customer),
    subject: (target, product) => `Du er inviteret til ${target} i ${product}`,
    greeting: 'Hej,',
    invitedBy: (inviter, target, product, role) =>
      `${inviter} har inviteret dig til ${target} i ${product}, med rollen ${role}.`,
    invited: (target, product, role) => `Du er blevet inviteret til ${target} i ${product}, med rollen ${role}.`,
    purpose: {
      construction:
        'Her følger du byggeprojekterne, den dokumentation hver underentreprenør leverer, samt godkendelse og aflevering af den.',
      'document-platform':
        'Her finder du bygningernes dokumentation: tegninger, drifts- og vedligeholdelsesvejledninger, produktblade og certifikater.',
    },
    choosePassword: (days) =>
      `For at komme i gang vælger du din adgangskode via linket nedenfor. Det virker én gang, i ${days} dage.`,
    choosePasswordButton: 'Vælg adgangskode',
    signInWithPassword: 'Log ind med din e-mailadresse og den adgangskode, du allerede har.',
    forgotPassword: 'Glemt adgangskoden? Vælg en ny her:',
    button: 'Log ind',
    linkHint: 'Hvis knappen ikke virker, kan du åbne denne adresse i din browser:',
    ignore: 'Hvis du ikke forventede denne invitation, kan du se bort fra denne e-mail.',
  },
  fi: {
    product: { construction: 'byggdok Rakentaminen', 'document-platform': 'byggdok Dokumentaatio' },
    roles: {
      ADMIN: 'Ylläpitäjä',
      OWNER: 'Omistaja',
      WRITE_ACCESS: 'Kirjoitusoikeus',
      READ_ACCESS: 'Lukuoikeus',
      NO_ACCESS: 'Ei oikeuksia',
    },
    target: (customer, project) => (project ? `${customer}, projekti ${project}` : customer),
    subject: (target, product) => `Sinut on kutsuttu: ${target}, ${product}`,
    greeting: 'Hei,',
    invitedBy: (inviter, target, product, role) =>
      `${inviter} on kutsunut sinut palveluun ${product} (${target}). Roolisi: ${role}.`,
    invited: (target, product, role) => `Sinut on kutsuttu palveluun ${product} (${target}). Roolisi: ${role}.`,
    purpose: {
      construction:
        'Siellä seuraat rakennushankkeita, kunkin aliurakoitsijan toimittamaa dokumentaatiota sekä sen hyväksyntää ja luovutusta.',
      'document-platform':
        'Sieltä löydät rakennusten dokumentaation: piirustukset, käyttö- ja huolto-ohjeet, tuotekortit ja todistukset.',
    },
    choosePassword: (days) =>
      `Aloita valitsemalla salasanasi alla olevasta linkistä. Linkki toimii kerran, ${days} päivän ajan.`,
    choosePasswordButton: 'Valitse salasana',
    signInWithPassword: 'Kirjaudu sisään sähköpostiosoitteellasi ja nykyisellä salasanallasi.',
    forgotPassword: 'Unohditko salasanasi? Valitse uusi täällä:',
    button: 'Kirjaudu sisään',
    linkHint: 'Jos painike ei toimi, avaa tämä osoite selaimessa:',
    ignore: 'Jos et odottanut tätä kutsua, voit jättää tämän viestin huomiotta.',
  },
  fr: {
    product: { construction: 'byggdok Construction', 'document-platform': 'byggdok Documentation' },
    roles: {
      ADMIN: 'Administrateur',
      OWNER: 'Propriétaire',
      WRITE_ACCESS: 'Accès en écriture',
      READ_ACCESS: 'Accès en lecture',
      NO_ACCESS: 'Aucun accès',
    },
    target: (customer, project) => (project ? `le projet ${project} de ${customer}` : customer),
    subject: (target, product) => `Vous êtes invité(e) à rejoindre ${target} sur ${product}`,
    greeting: 'Bonjour,',
    invitedBy: (inviter, target, product, role) =>
      `${inviter} vous invite à rejoindre ${target} sur ${product}, avec le rôle « ${role} ».`,
    invited: (target, product, role) =>
      `Vous êtes invité(e) à rejoindre ${target} sur ${product}, avec le rôle « ${role} ».`,
    purpose: {
      construction:
        'Vous y suivez les projets de construction, la documentation remise par chaque sous-traitant, ainsi que sa validation et sa remise.',
      'document-platform':
        "Vous y trouvez la documentation des bâtiments : plans, notices d'exploitation et de maintenance, fiches produits et certificats.",
    },
    choosePassword: (days) =>
      `Pour commencer, choisissez votre mot de passe avec le lien ci-dessous. Il ne sert qu'une fois, pendant ${days} jours.`,
    choosePasswordButton: 'Choisir mon mot de passe',
    signInWithPassword: 'Connectez-vous avec votre adresse e-mail et le mot de passe que vous avez déjà.',
    forgotPassword: 'Mot de passe oublié ? Choisissez-en un nouveau ici :',
    button: 'Se connecter',
    linkHint: 'Si le bouton ne fonctionne pas, ouvrez cette adresse dans votre navigateur :',
    ignore: "Si vous n'attendiez pas cette invitation, vous pouvez ignorer ce message.",
  },
};

interface PasswordLinkWords {
  subject: string;
  lead: string;
  validity: (minutes: number) => string;
  button: string;
  linkHint: string;
  ignore: string;
}

/** the mail with a one-time link to a new password, in each language */
export const PASSWORD_LINK: Record<MailLocale, PasswordLinkWords> = {
  en: {
    subject: 'Choose a new password for byggdok',
    lead: 'Someone, hopefully you, asked for a link to choose a new password for byggdok.',
    validity: (minutes) => `The link works once, for ${duration(minutes, 'en')}.`,
    button: 'Choose a new password',
    linkHint: 'If the button does not work, open this address in your browser:',
    ignore: 'If you did not ask for it, ignore this e-mail: your password stays as it is.',
  },
  no: {
    subject: 'Velg nytt passord for byggdok',
    lead: 'Noen, forhåpentligvis du, har bedt om en lenke for å velge nytt passord for byggdok.',
    validity: (minutes) => `Lenken virker én gang, i ${duration(minutes, 'no')}.`,
    button: 'Velg nytt passord',
    linkHint: 'Hvis knappen ikke virker, åpner du denne adressen i nettleseren:',
    ignore: 'Hvis du ikke ba om dette, kan du se bort fra e-posten: passordet ditt forblir som det er.',
  },
  sv: {
    subject: 'Välj ett nytt lösenord för byggdok',
    lead: 'Någon, förhoppningsvis du, har bett om en länk för att välja ett nytt lösenord för byggdok.',
    validity: (minutes) => `Länken fungerar en gång, i ${duration(minutes, 'sv')}.`,
    button: 'Välj nytt lösenord',
    linkHint: 'Om knappen inte fungerar, öppna den här adressen i webbläsaren:',
    ignore: 'Om du inte bad om detta kan du bortse från e-postmeddelandet: ditt lösenord förblir detsamma.',
  },
  da: {
    subject: 'Vælg en ny adgangskode til byggdok',
    lead: 'Nogen, forhåbentlig dig, har bedt om et link til at vælge en ny adgangskode til byggdok.',
    validity: (minutes) => `Linket virker én gang, i ${duration(minutes, 'da')}.`,
    button: 'Vælg ny adgangskode',
    linkHint: 'Hvis knappen ikke virker, kan du åbne denne adresse i din browser:',
    ignore: 'Hvis du ikke bad om det, kan du se bort fra denne e-mail: din adgangskode forbliver den samme.',
  },
  fi: {
    subject: 'Valitse uusi salasana palveluun byggdok',
    lead: 'Joku, toivottavasti sinä, pyysi linkkiä uuden salasanan valitsemiseksi palveluun byggdok.',
    validity: (minutes) => `Linkki toimii kerran, ${duration(minutes, 'fi')} ajan.`,
    button: 'Valitse uusi salasana',
    linkHint: 'Jos painike ei toimi, avaa tämä osoite selaimessa:',
    ignore: 'Jos et pyytänyt tätä, voit jättää viestin huomiotta: salasanasi pysyy ennallaan.',
  },
  fr: {
    subject: 'Choisissez un nouveau mot de passe pour byggdok',
    lead: 'Quelqu’un, vous sans doute, a demandé un lien pour choisir un nouveau mot de passe pour byggdok.',
    validity: (minutes) => `Le lien ne sert qu'une fois, pendant ${duration(minutes, 'fr')}.`,
    button: 'Choisir un nouveau mot de passe',
    linkHint: 'Si le bouton ne fonctionne pas, ouvrez cette adresse dans votre navigateur :',
    ignore: "Si vous ne l'avez pas demandé, ignorez ce message : votre mot de passe reste inchangé.",
  },
};

/** a number of minutes in words: "1 hour", "30 minutes" */
function duration(minutes: number, locale: MailLocale): string {
  const hours = minutes % 60 === 0 ? minutes / 60 : null;
  const units: Record<MailLocale, { hour: [string, string]; minute: [string, string] }> = {
    en: { hour: ['hour', 'hours'], minute: ['minute', 'minutes'] },
    no: { hour: ['time', 'timer'], minute: ['minutt', 'minutter'] },
    sv: { hour: ['timme', 'timmar'], minute: ['minut', 'minuter'] },
    da: { hour: ['time', 'timer'], minute: ['minut', 'minutter'] },
    fi: { hour: ['tunnin', 'tunnin'], minute: ['minuutin', 'minuutin'] },
    fr: { hour: ['heure', 'heures'], minute: ['minute', 'minutes'] },
  };
  const [one, many] = hours !== null ? units[locale].hour : units[locale].minute;
  const count = hours ?? minutes;
  const word = count === 1 ? one : many;
  if (count === 1 && locale === 'no') return 'én time';
  if (count === 1 && locale === 'da') return 'én time';
  if (count === 1 && locale === 'en') return `one ${word}`;
  return `${count} ${word}`;
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** plain text as HTML: escaped, paragraphs kept, line breaks kept */
function paragraphsOf(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

function page(lang: string, body: string): string {
  return [
    '<!doctype html>',
    `<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">`,
    '</head><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f2933;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">',
    body,
    '</body></html>',
  ].join('\n');
}

/**
 * A link as the stored record of a mail keeps it: its page, without the query and fragment that carry a key (the
 * set-password token, the portal token). The mail that goes out has the whole link; the record kept after it has
 * gone must not open anything for whoever reads the table, a dump or a backup.
 */
export function linkWithoutKey(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

/** the template with every link that works as a key (sets a password, opens a portal) cut to its page */
export function withoutKeys(template: MailTemplate): MailTemplate {
  switch (template.kind) {
    case 'invitation':
      return template.access.kind === 'set_password'
        ? { ...template, access: { ...template.access, url: linkWithoutKey(template.access.url) } }
        : template;
    case 'password_link':
      return { ...template, url: linkWithoutKey(template.url) };
    case 'subcontractor_request':
    case 'delivery_review':
      return { ...template, portalUrl: linkWithoutKey(template.portalUrl) };
    case 'webhook_disabled':
    case 'api_key_created':
    case 'admin_message':
      return template;
  }
}

export function renderMail(template: MailTemplate): RenderedMail {
  switch (template.kind) {
    case 'invitation':
      return renderInvitation(template);
    case 'password_link':
      return renderPasswordLink(template);
    case 'subcontractor_request':
      return renderSubcontractorRequest(template);
    case 'delivery_review':
      return renderDeliveryReview(template);
    case 'webhook_disabled':
      return renderWebhookDisabled(template);
    case 'api_key_created':
      return renderApiKeyCreated(template);
    case 'admin_message':
      return {
        subject: template.subject,
        text: template.text,
        html: template.html ?? page('en', paragraphsOf(template.text)),
      };
  }
}

function button(url: string, label: string): string {
  return `<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>`;
}

function small(html: string): string {
  return `<p style="font-size:13px;color:#52606d">${html}</p>`;
}

function renderInvitation(template: Extract<MailTemplate, { kind: 'invitation' }>): RenderedMail {
  const words = INVITATION[template.locale];
  const product = words.product[template.origin];
  const target = words.target(template.customerName, template.projectName);
  const role = words.roles[template.role] ?? template.role;
  const lead = template.inviterName
    ? words.invitedBy(template.inviterName, target, product, role)
    : words.invited(target, product, role);
  const paragraphs = [words.greeting, lead, words.purpose[template.origin]];
  const { access } = template;
  const url = access.url;
  const label = access.kind === 'set_password' ? words.choosePasswordButton : words.button;
  const how =
    access.kind === 'set_password'
      ? [words.choosePassword(access.validDays)]
      : access.forgotPasswordUrl
        ? [words.signInWithPassword]
        : [];
  const forgot = access.kind === 'sign_in' ? access.forgotPasswordUrl : null;
  const text = [
    ...paragraphs,
    ...how,
    `${label}: ${url}`,
    ...(forgot ? [`${words.forgotPassword} ${forgot}`] : []),
    words.ignore,
  ].join('\n\n');
  const html = page(
    template.locale === 'no' ? 'nb' : template.locale,
    [
      ...[...paragraphs, ...how].map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
      button(url, label),
      small(`${escapeHtml(words.linkHint)}<br><a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`),
      ...(forgot
        ? [`<p>${escapeHtml(words.forgotPassword)} <a href="${escapeHtml(forgot)}">${escapeHtml(forgot)}</a></p>`]
        : []),
      small(escapeHtml(words.ignore)),
    ].join('\n'),
  );
  return { subject: words.subject(target, product), text, html };
}

function renderPasswordLink(template: Extract<MailTemplate, { kind: 'password_link' }>): RenderedMail {
  const words = PASSWORD_LINK[template.locale];
  const paragraphs = [words.lead, words.validity(template.validMinutes)];
  return {
    subject: words.subject,
    text: [...paragraphs, `${words.button}: ${template.url}`, words.ignore].join('\n\n'),
    html: page(
      template.locale === 'no' ? 'nb' : template.locale,
      [
        ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
        button(template.url, words.button),
        small(`${escapeHtml(words.linkHint)}<br><a href="${escapeHtml(template.url)}">${escapeHtml(template.url)}</a>`),
        small(escapeHtml(words.ignore)),
      ].join('\n'),
    ),
  };
}

interface DeliveryWords {
  requestSubject: (project: string) => string;
  greeting: (company: string) => string;
  requestLead: (customer: string, project: string) => string;
  missingHeading: string;
  nothingMissing: string;
  declinedBecause: string;
  button: string;
  linkHint: string;
  reviewSubject: (project: string) => string;
  reviewLead: (delivery: string, project: string) => string;
  approvedHeading: string;
  declinedHeading: string;
  fixHint: string;
}

/** Norwegian and English; the other four languages of invitations get the English text until they are translated */
export const DELIVERY: Record<'en' | 'no', DeliveryWords> = {
  en: {
    requestSubject: (project) => `Documentation for ${project}`,
    greeting: (company) => `Hello ${company},`,
    requestLead: (customer, project) =>
      `${customer} asks you to deliver the documentation for ${project} through the link below. No account is needed.`,
    missingHeading: 'Still missing:',
    nothingMissing: 'Everything expected has been delivered. Thank you!',
    declinedBecause: 'declined',
    button: 'Open the delivery',
    linkHint: 'If the button does not work, open this address in your browser:',
    reviewSubject: (project) => `Your documentation for ${project} has been reviewed`,
    reviewLead: (delivery, project) => `The contractor has reviewed "${delivery}" in ${project}.`,
    approvedHeading: 'Approved:',
    declinedHeading: 'Declined (please upload a corrected file):',
    fixHint: 'Upload the corrected files through the same link.',
  },
  no: {
    requestSubject: (project) => `Dokumentasjon for ${project}`,
    greeting: (company) => `Hei ${company},`,
    requestLead: (customer, project) =>
      `${customer} ber dere levere dokumentasjonen for ${project} gjennom lenken under. Dere trenger ingen konto.`,
    missingHeading: 'Dette mangler fortsatt:',
    nothingMissing: 'Alt som var forventet, er levert. Takk!',
    declinedBecause: 'avvist',
    button: 'Åpne leveransen',
    linkHint: 'Hvis knappen ikke virker, åpne denne adressen i nettleseren:',
    reviewSubject: (project) => `Dokumentasjonen deres for ${project} er gjennomgått`,
    reviewLead: (delivery, project) => `Entreprenøren har gjennomgått «${delivery}» i ${project}.`,
    approvedHeading: 'Godkjent:',
    declinedHeading: 'Avvist (last opp en rettet fil):',
    fixHint: 'Last opp de rettede filene gjennom den samme lenken.',
  },
};

function deliveryWords(locale: MailLocale): { words: DeliveryWords; lang: string } {
  return locale === 'no' ? { words: DELIVERY.no, lang: 'nb' } : { words: DELIVERY.en, lang: 'en' };
}

function linkParts(words: DeliveryWords, url: string): { text: string; html: string } {
  const safe = escapeHtml(url);
  return {
    text: `${words.button}: ${url}`,
    html: [
      `<p><a href="${safe}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(words.button)}</a></p>`,
      `<p style="font-size:13px;color:#52606d">${escapeHtml(words.linkHint)}<br><a href="${safe}">${safe}</a></p>`,
    ].join('\n'),
  };
}

function listParts(items: string[]): { text: string; html: string } {
  return {
    text: items.map((item) => `- ${item}`).join('\n'),
    html: `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`,
  };
}

function renderSubcontractorRequest(template: Extract<MailTemplate, { kind: 'subcontractor_request' }>): RenderedMail {
  const { words, lang } = deliveryWords(template.locale);
  const lines = template.missing.flatMap((group) =>
    group.items.map((item) =>
      [
        `${group.delivery}: ${informationTypeName(item.informationType, lang === 'nb' ? 'nb' : 'en')}`,
        item.declinedComment !== null ? ` (${words.declinedBecause}: ${item.declinedComment})` : '',
      ].join(''),
    ),
  );
  const list = listParts(lines);
  const link = linkParts(words, template.portalUrl);
  const intro = [words.greeting(template.companyName), words.requestLead(template.customerName, template.projectName)];
  const missingText = lines.length > 0 ? `${words.missingHeading}\n${list.text}` : words.nothingMissing;
  const missingHtml =
    lines.length > 0
      ? `<p>${escapeHtml(words.missingHeading)}</p>${list.html}`
      : `<p>${escapeHtml(words.nothingMissing)}</p>`;
  return {
    subject: words.requestSubject(template.projectName),
    text: [...intro, ...(template.message ? [template.message] : []), missingText, link.text].join('\n\n'),
    html: page(
      lang,
      [
        ...intro.map((p) => `<p>${escapeHtml(p)}</p>`),
        ...(template.message ? [paragraphsOf(template.message)] : []),
        missingHtml,
        link.html,
      ].join('\n'),
    ),
  };
}

function renderDeliveryReview(template: Extract<MailTemplate, { kind: 'delivery_review' }>): RenderedMail {
  const { words, lang } = deliveryWords(template.locale);
  const named = (type: string) => informationTypeName(type, lang === 'nb' ? 'nb' : 'en');
  const approved = listParts(template.approved.map(named));
  const declined = listParts(
    template.declined.map((item) =>
      item.comment ? `${named(item.informationType)}: ${item.comment}` : named(item.informationType),
    ),
  );
  const link = linkParts(words, template.portalUrl);
  const lead = words.reviewLead(template.deliveryLabel, template.projectName);
  const text = [
    lead,
    ...(template.approved.length ? [`${words.approvedHeading}\n${approved.text}`] : []),
    ...(template.declined.length ? [`${words.declinedHeading}\n${declined.text}`, words.fixHint] : []),
    link.text,
  ].join('\n\n');
  const html = page(
    lang,
    [
      `<p>${escapeHtml(lead)}</p>`,
      ...(template.approved.length ? [`<p>${escapeHtml(words.approvedHeading)}</p>${approved.html}`] : []),
      ...(template.declined.length
        ? [`<p>${escapeHtml(words.declinedHeading)}</p>${declined.html}`, `<p>${escapeHtml(words.fixHint)}</p>`]
        : []),
      link.html,
    ].join('\n'),
  );
  return { subject: words.reviewSubject(template.projectName), text, html };
}

interface WebhookDisabledWords {
  subject: (url: string) => string;
  greeting: string;
  lead: (owner: string, since: string) => string;
  address: string;
  description: string;
  lastFailure: string;
  answered: (status: number) => string;
  redirected: (status: number) => string;
  noAnswer: (seconds: string) => string;
  refused: string;
  unreachable: (code: string | null) => string;
  notLater: string;
  enableOnPage: string;
  button: string;
  linkHint: string;
  enableByApi: (webhookId: string) => string;
  dateLocale: string;
}

/** Norwegian and English; the other four languages get the English text until they are translated */
const WEBHOOK_DISABLED: Record<'en' | 'no', WebhookDisabledWords> = {
  en: {
    subject: (url) => `Webhook turned off: ${url}`,
    greeting: 'Hello,',
    lead: (owner, since) =>
      `byggdok has turned off a webhook of ${owner}: every delivery to it has failed for 5 days, since ${since} (Norwegian time).`,
    address: 'Address',
    description: 'Description',
    lastFailure: 'Last attempt',
    answered: (status) => `the receiver answered HTTP ${status}`,
    redirected: (status) => `the receiver answered with a redirect (HTTP ${status}), which byggdok does not follow`,
    noAnswer: (seconds) => `no answer within ${seconds} seconds`,
    refused: 'the address was refused (it leads to a private or local network, or is not https)',
    unreachable: (code) => (code ? `the receiver could not be reached (${code})` : 'the receiver could not be reached'),
    notLater:
      'Events that happen while the webhook is off are not sent to it later. Once the receiver works again, turn the webhook on and send a test event to check it.',
    enableOnPage: 'You can turn it on again on the Webhooks page:',
    button: 'Open the Webhooks page',
    linkHint: 'If the button does not work, open this address in your browser:',
    enableByApi: (id) =>
      `Turn it on again with "byggdok webhooks update ${id} --enable", or PATCH /v1/webhooks/${id} with {"enabled": true}.`,
    dateLocale: 'en-GB',
  },
  no: {
    subject: (url) => `Webhook slått av: ${url}`,
    greeting: 'Hei,',
    lead: (owner, since) =>
      `byggdok har slått av en webhook hos ${owner}: alle leveranser til den har feilet i 5 dager, siden ${since} (norsk tid).`,
    address: 'Adresse',
    description: 'Beskrivelse',
    lastFailure: 'Siste forsøk',
    answered: (status) => `mottakeren svarte HTTP ${status}`,
    redirected: (status) => `mottakeren svarte med en videresending (HTTP ${status}), som byggdok ikke følger`,
    noAnswer: (seconds) => `ikke svar innen ${seconds} sekunder`,
    refused: 'adressen ble avvist (den peker til et privat eller lokalt nettverk, eller er ikke https)',
    unreachable: (code) => (code ? `mottakeren kunne ikke nås (${code})` : 'mottakeren kunne ikke nås'),
    notLater:
      'Hendelser som skjer mens webhooken er slått av, sendes ikke til den senere. Når mottakeren virker igjen, slår du webhooken på og sender en testhendelse for å sjekke den.',
    enableOnPage: 'Du kan slå den på igjen på Webhooks-siden:',
    button: 'Åpne Webhooks-siden',
    linkHint: 'Hvis knappen ikke virker, åpner du denne adressen i nettleseren:',
    enableByApi: (id) =>
      `Slå den på igjen med «byggdok webhooks update ${id} --enable», eller PATCH /v1/webhooks/${id} med {"enabled": true}.`,
    dateLocale: 'nb-NO',
  },
};

/** the last attempt's outcome in words of the mail's language (the sender's own messages are English) */
function failureInWords(words: WebhookDisabledWords, failure: { status: number | null; error: string | null }): string {
  const error = failure.error ?? '';
  if (failure.status !== null && error.startsWith('redirect')) return words.redirected(failure.status);
  if (failure.status !== null) return words.answered(failure.status);
  const timeout = /^no answer within ([\d.]+) s/.exec(error);
  if (timeout) return words.noAnswer(timeout[1]!);
  if (error.startsWith('refused')) return words.refused;
  return words.unreachable(/\b(E[A-Z_]{3,})\b/.exec(error)?.[1] ?? null);
}

function renderWebhookDisabled(template: Extract<MailTemplate, { kind: 'webhook_disabled' }>): RenderedMail {
  const lang = template.locale === 'no' ? 'nb' : 'en';
  const words = template.locale === 'no' ? WEBHOOK_DISABLED.no : WEBHOOK_DISABLED.en;
  const since = new Intl.DateTimeFormat(words.dateLocale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Oslo',
  }).format(template.failingSince);
  const lead = words.lead(template.ownerName, since);
  const facts: [string, string][] = [
    [words.address, template.url],
    ...(template.description ? [[words.description, template.description] as [string, string]] : []),
    ...(template.lastFailure
      ? [[words.lastFailure, failureInWords(words, template.lastFailure)] as [string, string]]
      : []),
  ];
  const { enable } = template;
  const text = [
    words.greeting,
    lead,
    facts.map(([label, value]) => `${label}: ${value}`).join('\n'),
    words.notLater,
    enable.kind === 'page' ? `${words.enableOnPage} ${enable.url}` : words.enableByApi(enable.webhookId),
  ].join('\n\n');
  const html = page(
    lang,
    [
      `<p>${escapeHtml(words.greeting)}</p>`,
      `<p>${escapeHtml(lead)}</p>`,
      `<ul>${facts
        .map(
          ([label, value]) =>
            `<li>${escapeHtml(label)}: <span style="word-break:break-all">${escapeHtml(value)}</span></li>`,
        )
        .join('')}</ul>`,
      `<p>${escapeHtml(words.notLater)}</p>`,
      ...(enable.kind === 'page'
        ? [
            `<p>${escapeHtml(words.enableOnPage)}</p>`,
            button(enable.url, words.button),
            small(`${escapeHtml(words.linkHint)}<br><a href="${escapeHtml(enable.url)}">${escapeHtml(enable.url)}</a>`),
          ]
        : [`<p>${escapeHtml(words.enableByApi(enable.webhookId))}</p>`]),
    ].join('\n'),
  );
  return { subject: words.subject(template.url), text, html };
}

interface ApiKeyCreatedWords {
  subject: string;
  greeting: string;
  lead: (name: string, at: string) => string;
  validUntil: (date: string) => string;
  from: (address: string) => string;
  reach: string;
  ifYou: string;
  ifNot: string;
  button: string;
  linkHint: string;
  dateLocale: string;
}

/** Norwegian and English; the other four languages get the English text until they are translated */
export const API_KEY_CREATED: Record<'en' | 'no', ApiKeyCreatedWords> = {
  en: {
    subject: 'A new API key was created on your byggdok account',
    greeting: 'Hello,',
    lead: (name, at) =>
      `A personal API key named "${name}" was created on your byggdok account on ${at} (Norwegian time).`,
    validUntil: (date) => `It is valid until ${date}, unless it is revoked before then.`,
    from: (address) => `It was created from the IP address ${address}.`,
    reach:
      'The key can do everything you can do in byggdok, and it keeps working when your password is changed, unless you tick revoking your API keys as you change it.',
    ifYou: 'If you created it yourself, there is nothing you need to do.',
    ifNot:
      'If it was not you, revoke the key on your account page straight away, and change your password there, ticking “Also revoke my personal API keys”: someone may have had access to your account.',
    button: 'Open your API keys',
    linkHint: 'If the button does not work, open this address in your browser:',
    dateLocale: 'en-GB',
  },
  no: {
    subject: 'En ny API-nøkkel er laget på byggdok-kontoen din',
    greeting: 'Hei,',
    lead: (name, at) =>
      `En personlig API-nøkkel med navnet «${name}» ble laget på byggdok-kontoen din den ${at} (norsk tid).`,
    validUntil: (date) => `Den er gyldig til ${date}, med mindre den trekkes tilbake før det.`,
    from: (address) => `Den ble laget fra IP-adressen ${address}.`,
    reach:
      'Nøkkelen kan gjøre alt du kan gjøre i byggdok, og den virker fortsatt når passordet ditt endres, med mindre du krysser av for å trekke tilbake API-nøklene dine samtidig.',
    ifYou: 'Hvis det var du som laget den, trenger du ikke gjøre noe.',
    ifNot:
      'Hvis det ikke var deg, må du trekke tilbake nøkkelen på kontosiden din med en gang og bytte passord der, med «Trekk også tilbake mine personlige API-nøkler» krysset av: noen kan ha hatt tilgang til kontoen din.',
    button: 'Åpne API-nøklene dine',
    linkHint: 'Hvis knappen ikke virker, åpner du denne adressen i nettleseren:',
    dateLocale: 'nb-NO',
  },
};

function renderApiKeyCreated(template: Extract<MailTemplate, { kind: 'api_key_created' }>): RenderedMail {
  const lang = template.locale === 'no' ? 'nb' : 'en';
  const words = template.locale === 'no' ? API_KEY_CREATED.no : API_KEY_CREATED.en;
  const inOslo = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(words.dateLocale, { ...options, timeZone: 'Europe/Oslo' });
  // its creator chose the name: on one line, so that it cannot pass for paragraphs of the mail's own
  const name = template.keyName.replace(/\s+/g, ' ').trim();
  const facts = [
    words.lead(name, inOslo({ dateStyle: 'long', timeStyle: 'short' }).format(template.createdAt)),
    ...(template.expiresAt ? [words.validUntil(inOslo({ dateStyle: 'long' }).format(template.expiresAt))] : []),
    ...(template.clientAddress ? [words.from(template.clientAddress)] : []),
  ].join(' ');
  const paragraphs = [words.greeting, facts, words.reach, words.ifYou, words.ifNot];
  const url = template.keysUrl;
  return {
    subject: words.subject,
    text: [...paragraphs, `${words.button}: ${url}`].join('\n\n'),
    html: page(
      lang,
      [
        ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
        button(url, words.button),
        small(`${escapeHtml(words.linkHint)}<br><a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`),
      ].join('\n'),
    ),
  };
}
