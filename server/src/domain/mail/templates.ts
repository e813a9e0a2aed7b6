import type { MailLocale, MailOrigin, MailTemplate } from './mailer.js';

/** a message ready for a transport: subject, plain text, and HTML */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

interface InvitationWords {
  product: Record<MailOrigin, string>;
  subject: (customer: string, product: string) => string;
  greeting: string;
  invitedBy: (inviter: string, customer: string, product: string) => string;
  invited: (customer: string, product: string) => string;
  purpose: Record<MailOrigin, string>;
  button: string;
  linkHint: string;
  ignore: string;
}

/**
 * The invitation in each language the application offers. `construction`: the contractor's project documentation
 * (deliveries from subcontractors, approval, handover); `document-platform`: the owner's building documentation
 * (FDV, drawings, certificates).
 */
const INVITATION: Record<MailLocale, InvitationWords> = {
  en: {
    product: { construction: 'byggdok Construction', 'document-platform': 'byggdok Documentation' },
    subject: (customer, product) => `You are invited to ${customer} in ${product}`,
    greeting: 'Hello,',
    invitedBy: (inviter, customer, product) => `${inviter} has invited you to ${customer} in ${product}.`,
    invited: (customer, product) => `You have been invited to ${customer} in ${product}.`,
    purpose: {
      construction:
        'There you follow the construction projects, the documentation each subcontractor delivers, and its approval and handover.',
      'document-platform':
        "There you find the buildings' documentation: drawings, operation and maintenance manuals, product data sheets and certificates.",
    },
    button: 'Sign in',
    linkHint: 'If the button does not work, open this address in your browser:',
    ignore: 'If you did not expect this invitation, you can ignore this e-mail.',
  },
  no: {
    product: { construction: 'byggdok Bygg', 'document-platform': 'byggdok Dokumentasjon' },
    subject: (customer, product) => `Du er invitert til ${customer} i ${product}`,
    greeting: 'Hei,',
    invitedBy: (inviter, customer, product) => `${inviter} har invitert deg til ${customer} i ${product}.`,
    invited: (customer, product) => `Du er invitert til ${customer} i ${product}.`,
    purpose: {
      construction:
        'Der følger du byggeprosjektene, dokumentasjonen hver underentreprenør leverer, og godkjenning og overlevering av den.',
      'document-platform':
        'Der finner du dokumentasjonen for byggene: tegninger, FDV-dokumentasjon, produktdatablader og sertifikater.',
    },
    button: 'Logg inn',
    linkHint: 'Hvis knappen ikke virker, åpner du denne adressen i nettleseren:',
    ignore: 'Hvis du ikke ventet denne invitasjonen, kan du se bort fra denne e-posten.',
  },
  sv: {
    product: { construction: 'byggdok Bygg', 'document-platform': 'byggdok Dokumentation' },
    subject: (customer, product) => `Du är inbjuden till ${customer} i ${product}`,
    greeting: 'Hej,',
    invitedBy: (inviter, customer, product) => `${inviter} har bjudit in dig till ${customer} i ${product}.`,
    invited: (customer, product) => `Du har blivit inbjuden till ${customer} i ${product}.`,
    purpose: {
      construction:
        'Där följer du byggprojekten, den dokumentation varje underentreprenör levererar samt granskning och överlämning av den.',
      'document-platform':
        'Där hittar du byggnadernas dokumentation: ritningar, drift- och underhållsinstruktioner, produktblad och intyg.',
    },
    button: 'Logga in',
    linkHint: 'Om knappen inte fungerar, öppna den här adressen i webbläsaren:',
    ignore: 'Om du inte väntade dig den här inbjudan kan du bortse från e-postmeddelandet.',
  },
  da: {
    product: { construction: 'byggdok Byg', 'document-platform': 'byggdok Dokumentation' },
    subject: (customer, product) => `Du er inviteret til ${customer} i ${product}`,
    greeting: 'Hej,',
    invitedBy: (inviter, customer, product) => `${inviter} har inviteret dig til ${customer} i ${product}.`,
    invited: (customer, product) => `Du er blevet inviteret til ${customer} i ${product}.`,
    purpose: {
      construction:
        'Her følger du byggeprojekterne, den dokumentation hver underentreprenør leverer, samt godkendelse og aflevering af den.',
      'document-platform':
        'Her finder du bygningernes dokumentation: tegninger, drifts- og vedligeholdelsesvejledninger, produktblade og certifikater.',
    },
    button: 'Log ind',
    linkHint: 'Hvis knappen ikke virker, kan du åbne denne adresse i din browser:',
    ignore: 'Hvis du ikke forventede denne invitation, kan du se bort fra denne e-mail.',
  },
  fi: {
    product: { construction: 'byggdok Rakentaminen', 'document-platform': 'byggdok Dokumentaatio' },
    subject: (customer, product) => `Sinut on kutsuttu: ${customer}, ${product}`,
    greeting: 'Hei,',
    invitedBy: (inviter, customer, product) => `${inviter} on kutsunut sinut palveluun ${product} (${customer}).`,
    invited: (customer, product) => `Sinut on kutsuttu palveluun ${product} (${customer}).`,
    purpose: {
      construction:
        'Siellä seuraat rakennushankkeita, kunkin aliurakoitsijan toimittamaa dokumentaatiota sekä sen hyväksyntää ja luovutusta.',
      'document-platform':
        'Sieltä löydät rakennusten dokumentaation: piirustukset, käyttö- ja huolto-ohjeet, tuotekortit ja todistukset.',
    },
    button: 'Kirjaudu sisään',
    linkHint: 'Jos painike ei toimi, avaa tämä osoite selaimessa:',
    ignore: 'Jos et odottanut tätä kutsua, voit jättää tämän viestin huomiotta.',
  },
  fr: {
    product: { construction: 'byggdok Construction', 'document-platform': 'byggdok Documentation' },
    subject: (customer, product) => `Vous êtes invité(e) à rejoindre ${customer} sur ${product}`,
    greeting: 'Bonjour,',
    invitedBy: (inviter, customer, product) => `${inviter} vous invite à rejoindre ${customer} sur ${product}.`,
    invited: (customer, product) => `Vous êtes invité(e) à rejoindre ${customer} sur ${product}.`,
    purpose: {
      construction:
        'Vous y suivez les projets de construction, la documentation remise par chaque sous-traitant, ainsi que sa validation et sa remise.',
      'document-platform':
        "Vous y trouvez la documentation des bâtiments : plans, notices d'exploitation et de maintenance, fiches produits et certificats.",
    },
    button: 'Se connecter',
    linkHint: 'Si le bouton ne fonctionne pas, ouvrez cette adresse dans votre navigateur :',
    ignore: "Si vous n'attendiez pas cette invitation, vous pouvez ignorer ce message.",
  },
};

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

export function renderMail(template: MailTemplate): RenderedMail {
  switch (template.kind) {
    case 'invitation': {
      const words = INVITATION[template.locale];
      const product = words.product[template.origin];
      const lead = template.inviterName
        ? words.invitedBy(template.inviterName, template.customerName, product)
        : words.invited(template.customerName, product);
      const paragraphs = [words.greeting, lead, words.purpose[template.origin]];
      const text = [...paragraphs, `${words.button}: ${template.signInUrl}`, words.ignore].join('\n\n');
      const url = escapeHtml(template.signInUrl);
      const html = page(
        template.locale === 'no' ? 'nb' : template.locale,
        [
          ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
          `<p><a href="${url}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(words.button)}</a></p>`,
          `<p style="font-size:13px;color:#52606d">${escapeHtml(words.linkHint)}<br><a href="${url}">${url}</a></p>`,
          `<p style="font-size:13px;color:#52606d">${escapeHtml(words.ignore)}</p>`,
        ].join('\n'),
      );
      return { subject: words.subject(template.customerName, product), text, html };
    }
    case 'subcontractor_request':
      return renderSubcontractorRequest(template);
    case 'delivery_review':
      return renderDeliveryReview(template);
    case 'admin_message':
      return {
        subject: template.subject,
        text: template.text,
        html: template.html ?? page('en', paragraphsOf(template.text)),
      };
  }
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
const DELIVERY: Record<'en' | 'no', DeliveryWords> = {
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
        `${group.delivery}: ${item.informationType}`,
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
  const approved = listParts(template.approved);
  const declined = listParts(
    template.declined.map((item) => (item.comment ? `${item.informationType}: ${item.comment}` : item.informationType)),
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
