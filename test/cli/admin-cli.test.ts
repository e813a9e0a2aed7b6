import { describe, expect, it } from 'vitest';
import { adminCallOf } from '../../src/cli/admin.cli.js';

describe('byggdok admin: command line to admin API call', () => {
  it('reprocesses a building, a document or everything', () => {
    expect(adminCallOf(['reprocess', '--building', 'bld_123'])).toEqual({
      method: 'POST',
      path: '/admin/reprocess',
      body: { buildingId: 'bld_123' },
    });
    expect(adminCallOf(['reprocess', '--document', '5b0c2a9e-1d0f-4c43-9a47-8f7f3b1c2d10'])).toEqual({
      method: 'POST',
      path: '/admin/reprocess',
      body: { documentId: '5b0c2a9e-1d0f-4c43-9a47-8f7f3b1c2d10' },
    });
    expect(adminCallOf(['reprocess', '--all'])).toEqual({
      method: 'POST',
      path: '/admin/reprocess',
      body: { all: true },
    });
  });

  it('restores a document, escaping the id into the path', () => {
    expect(adminCallOf(['document', 'restore', '5b0c2a9e-1d0f-4c43-9a47-8f7f3b1c2d10'])).toEqual({
      method: 'POST',
      path: '/admin/documents/5b0c2a9e-1d0f-4c43-9a47-8f7f3b1c2d10/restore',
    });
    expect(adminCallOf(['document', 'restore', 'a/b?c']).path).toBe('/admin/documents/a%2Fb%3Fc/restore');
  });

  it('says what is missing instead of calling the API with half a command', () => {
    expect(() => adminCallOf(['reprocess'])).toThrow('reprocess needs --document <id>, --building <id> or --all');
    expect(() => adminCallOf(['document', 'restore'])).toThrow('the document id is required');
    expect(() => adminCallOf(['reprocess', '--building'])).toThrow(/argument missing|--building/);
  });
});
