import { describe, expect, it } from 'vitest';
import { createPasswordHasher, DEFAULT_SCRYPT_COST, hashPassword } from '../../../src/domain/shared/passwords.js';

describe('password hashes', () => {
  it('carry their own cost, so a password hashed at one cost is checked right by a hasher of another', async () => {
    const cheap = createPasswordHasher(1 << 10);
    const stored = await hashPassword('Sommerfugl i vinterland', DEFAULT_SCRYPT_COST);
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await cheap.verify('Sommerfugl i vinterland', stored)).toBe(true);
    expect(await cheap.verify('Sommerfugl i vinterlan', stored)).toBe(false);
    expect(await createPasswordHasher().verify('Sommerfugl i vinterland', stored)).toBe(true);
  });

  it('are salted: the same password twice gives two hashes, both of which it matches', async () => {
    const hasher = createPasswordHasher(1 << 10);
    const [one, two] = [await hasher.hash('korrekt hest'), await hasher.hash('korrekt hest')];
    expect(one).toMatch(/^scrypt\$1024\$/);
    expect(one).not.toBe(two);
    expect(await hasher.verify('korrekt hest', one)).toBe(true);
    expect(await hasher.verify('korrekt hest', two)).toBe(true);
  });

  it('match nothing for an account without a password, whatever is typed', async () => {
    const hasher = createPasswordHasher(1 << 10);
    for (const stored of [null, undefined, '', 'bcrypt$10$whatever']) {
      expect(await hasher.verify('', stored)).toBe(false);
      expect(await hasher.verify('AAAA', stored)).toBe(false);
    }
  });
});
