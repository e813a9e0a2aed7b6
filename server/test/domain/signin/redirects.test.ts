import { describe, expect, it } from 'vitest';
import { safeRedirect } from '../../../src/domain/signin/redirects.js';

const publicUrl = 'https://byggdok.example';
const allowedOrigins = ['https://app.example'];
const target = (requested: string | undefined) => safeRedirect({ requested, publicUrl, allowedOrigins });

describe('where sign-in and logout send the browser', () => {
  it.each([
    ['/projects/1?tab=docs', 'https://byggdok.example/projects/1?tab=docs'],
    ['https://byggdok.example/x', 'https://byggdok.example/x'],
    ['https://app.example/after#top', 'https://app.example/after#top'],
  ])('honours %s on the own or an allowed origin', (requested, expected) => {
    expect(target(requested)).toBe(expected);
  });

  it.each([
    undefined,
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    'https://app.example.evil.example/',
    'http://app.example/',
    'https://user:pass@byggdok.example/',
    'https://[bad',
  ])('falls back to the app for %s', (requested) => {
    expect(target(requested)).toBe('https://byggdok.example/');
  });
});
