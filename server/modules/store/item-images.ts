import type { Database, Tx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { fieldError } from '../../lib/http-errors.js';
import type { FileLinkSigner } from '../../services/storage/signed-links.js';
import type { FileRef } from '../../../shared/contracts/library.js';
import { ITEM_IMAGE_MAX_BYTES, STORE_MESSAGES as M } from '../../../shared/contracts/store.js';
import { assertAttachableFile, fileRefsOf, providerFileRefsOf } from '../library/index.js';

type WithImage = { adminId: string; provider: boolean; imageFileId: string | null };

/**
 * A new or changed item image: a file of the actor's library (uploaded through
 * /fileUpload/upload, its type sniffed from its bytes), a picture, and within the item image's cap.
 */
export async function checkItemImage(tx: Tx, actor: Actor, signer: FileLinkSigner, imageId: string | null, current: string | null): Promise<void> {
  if (imageId === null || imageId === current) return;
  const ref = await assertAttachableFile(tx, actor, imageId, signer, 'item_image').catch(() => {
    throw fieldError('item_image', M.imageUnknown);
  });
  if (ref.kind !== 'image') throw fieldError('item_image', M.imageNotImage);
  if (ref.size > ITEM_IMAGE_MAX_BYTES) throw fieldError('item_image', M.imageTooLarge);
}

/**
 * The signed image links of items the actor has just been allowed to see. A provider item's image
 * is in the provider's library, which a school's transaction cannot read (row-level security):
 * it is read in the provider's own scope, one read per provider.
 */
export async function itemImages(db: Database, signer: FileLinkSigner, actor: Actor, rows: WithImage[]): Promise<Map<string, FileRef>> {
  const own: string[] = [];
  const byProvider = new Map<string, string[]>();
  for (const r of rows) {
    if (!r.imageFileId) continue;
    if (r.provider && actor.role !== 'superadmin') byProvider.set(r.adminId, [...(byProvider.get(r.adminId) ?? []), r.imageFileId]);
    else own.push(r.imageFileId);
  }
  const now = new Date();
  const refs: FileRef[] = own.length ? await db.transaction(actor.tenant, (tx) => fileRefsOf(tx, signer, own, now)) : [];
  for (const [providerId, ids] of byProvider) refs.push(...(await providerFileRefsOf(db, providerId, signer, ids, now)));
  return new Map(refs.map((r) => [r._id, r]));
}
