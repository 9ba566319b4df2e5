import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A file's link that works for a while without a bearer header (an <img>, <audio>, <video> or a
 * download cannot send one): /api/library/file/{id}?exp=…&sig=…. The signature (HMAC-SHA256 of
 * the file, its school and the expiry, with a key derived from the app's encryption key, the same
 * on every node) is what authorizes it; the app makes one only for someone who may see the file.
 */
export type FileLinkSigner = {
  sign(fileId: string, adminId: string, expiresAt: number): string;
  verify(fileId: string, adminId: string, expiresAt: number, sig: string, now?: number): boolean;
};

export function createFileLinkSigner(encryptionKey: Buffer): FileLinkSigner {
  const key = createHmac('sha256', encryptionKey).update('cadenza file links v1').digest();
  const mac = (fileId: string, adminId: string, exp: number) =>
    createHmac('sha256', key).update(`${fileId}.${adminId}.${exp}`).digest().subarray(0, 24).toString('base64url');
  return {
    sign: mac,
    verify(fileId, adminId, exp, sig, now = Date.now()) {
      if (exp * 1000 < now) return false;
      const want = Buffer.from(mac(fileId, adminId, exp));
      const got = Buffer.from(sig);
      return got.length === want.length && timingSafeEqual(got, want);
    },
  };
}
