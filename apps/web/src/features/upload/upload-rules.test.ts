import { describe, expect, it } from 'vitest';
import { imetaTag } from './imeta.ts';
import { checkUpload, PREMIUM_UPLOAD_LIMIT_BYTES, UPLOAD_LIMIT_BYTES } from './upload-rules.ts';

describe('upload rules', () => {
  it('accepts images and videos only', () => {
    expect(checkUpload({ type: 'image/png', size: 10 })).toBeNull();
    expect(checkUpload({ type: 'video/mp4', size: 10 })).toBeNull();
    expect(checkUpload({ type: 'application/pdf', size: 10 })).toBe('type');
    expect(checkUpload({ type: '', size: 10 })).toBe('type');
    expect(checkUpload({ type: 'audio/mpeg', size: 10 })).toBe('type');
  });

  it('limits regular accounts to 100 MB and Premium to 1 GB', () => {
    expect(UPLOAD_LIMIT_BYTES).toBe(104_857_600);
    expect(checkUpload({ type: 'image/png', size: UPLOAD_LIMIT_BYTES })).toBeNull();
    expect(checkUpload({ type: 'image/png', size: UPLOAD_LIMIT_BYTES + 1 })).toBe('size');
    expect(checkUpload({ type: 'video/mp4', size: UPLOAD_LIMIT_BYTES + 1 }, true)).toBeNull();
    expect(checkUpload({ type: 'video/mp4', size: PREMIUM_UPLOAD_LIMIT_BYTES + 1 }, true)).toBe('size');
  });

  it('builds the NIP-92 imeta tag of an upload', () => {
    const file = { url: 'http://h/ab.png', sha256: 'ab'.repeat(32), size: 42, mime: 'image/png', dim: '3x2' };
    expect(imetaTag(file)).toEqual([
      'imeta',
      'url http://h/ab.png',
      'm image/png',
      'dim 3x2',
      `x ${'ab'.repeat(32)}`,
      'size 42',
    ]);
    expect(imetaTag({ ...file, dim: undefined })).not.toContain('dim 3x2');
  });
});
