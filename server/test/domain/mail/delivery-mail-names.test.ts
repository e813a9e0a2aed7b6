import { describe, expect, it } from 'vitest';
import { renderMail } from '../../../src/domain/mail/templates.js';

const request = (locale: 'no' | 'en', informationType: string) =>
  renderMail({
    kind: 'subcontractor_request',
    locale,
    projectName: 'Skolen',
    customerName: 'Bygg AS',
    companyName: 'Rør AS',
    message: null,
    missing: [{ delivery: '320 Sanitær', items: [{ informationType, declinedComment: null }] }],
    portalUrl: 'https://example.test/portal#token=abc',
  });

describe("a delivery mail names information types in the mail's language", () => {
  it('names an id, and an English name a person typed, in Norwegian for a Norwegian mail', () => {
    for (const written of ['om_instructions', 'Operation & maintenance instructions (O&M manual)']) {
      const mail = request('no', written);
      expect(mail.text).toContain('FDV-instruks / drifts- og vedlikeholdsinstruks');
      expect(mail.text).not.toContain('O&M manual');
      expect(mail.text).not.toContain('om_instructions');
    }
  });

  it('names it in English for an English mail, and keeps a type it does not know as written', () => {
    expect(request('en', 'om_instructions').text).toContain('Operation & maintenance instructions (O&M manual)');
    expect(request('no', 'Egen type').text).toContain('320 Sanitær: Egen type');
  });

  it('names approved and declined types in a review', () => {
    const mail = renderMail({
      kind: 'delivery_review',
      locale: 'no',
      projectName: 'Skolen',
      deliveryLabel: '320',
      approved: ['warranty'],
      declined: [{ informationType: 'om_instructions', comment: 'Mangler side 2' }],
      portalUrl: 'https://example.test/portal',
    });
    expect(mail.text).toContain('Garanti');
    expect(mail.text).toContain('FDV-instruks / drifts- og vedlikeholdsinstruks: Mangler side 2');
    expect(mail.text).not.toMatch(/warranty|om_instructions/);
  });
});
