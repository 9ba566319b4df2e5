import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { answer, contractRoute } from '../../lib/contract-route.js';
import { badRequest } from '../../lib/http-errors.js';
import { LIBRARY_MAX_FILES, LIBRARY_MESSAGES as M, LIBRARY_ROUTES as R, uploadFields } from '../../../shared/contracts/library.js';
import { multipartLimits, receiveUploads } from './receive-uploads.js';
import { presentFileRef } from './presenter.js';
import { serveFile } from './serve-file.js';
import { getFile, listFiles, listShares, removeFile, shareFile, unshareFile, updateFile, type LinkContext } from './service.js';
import { storeUploads } from './upload-files.js';

/** The Library under /api/library (issue 13); who may do what is policies/library.ts. */
export const libraryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storage, fileLinks } = app.services;
  const links = (): LinkContext => ({ signer: fileLinks, now: new Date() });
  await app.register(multipart, { limits: multipartLimits(LIBRARY_MAX_FILES) });

  contractRoute(app, R.file, (req, reply) => serveFile(app.services, req, reply, req.params.id, req.query));

  // docs/domains/learning.md "Data and calls": several files at once, form field uploadedImages (and an optional folder).
  contractRoute(app, R.uploadMany, async (req) => {
    const received = await receiveUploads(req, 'uploadedImages');
    try {
      const fields = uploadFields.safeParse(received.fields);
      if (!fields.success) {
        const issue = fields.error.issues[0]!;
        throw badRequest(issue.message, { [String(issue.path[0] ?? 'folder')]: issue.message });
      }
      const rows = await storeUploads(req, storage, received.files, { folder: fields.data.folder, inLibrary: true });
      const now = new Date();
      return answer({ results: rows.map((r) => presentFileRef(r, fileLinks, now)) }, M.uploadedMany);
    } finally {
      await received.cleanup();
    }
  });

  contractRoute(app, R.list, (req) => req.tx((tx) => listFiles(tx, req.actor!, req.body, links())));

  contractRoute(app, R.view, (req) => req.tx((tx) => getFile(tx, req.actor!, req.body.id, links())));

  contractRoute(app, R.update, async (req) => answer(await req.tx((tx) => updateFile(tx, req.actor!, req.body, links())), M.updated));

  contractRoute(app, R.remove, async (req) => {
    const deleteBytes = (key: string) => void storage.delete(key).catch((err: unknown) => req.log.error({ err }, 'a deleted file’s bytes stayed in storage'));
    await req.tx((tx) => removeFile(tx, req.actor!, req.body.id, deleteBytes));
    return answer(null, M.deleted);
  });

  contractRoute(app, R.shares, (req) => req.tx((tx) => listShares(tx, req.actor!, req.body.id)));

  contractRoute(app, R.share, async (req) => answer(await req.tx((tx) => shareFile(tx, req.actor!, req.body)), M.shared));

  contractRoute(app, R.unshare, async (req) => answer(await req.tx((tx) => unshareFile(tx, req.actor!, req.body.id, req.body.shareId)), M.unshared));
};

/**
 * docs/domains/learning.md "Data and calls"'s POST /fileUpload/upload (form field fileUpload): one file for one use (a
 * course's cover image, a lesson's attachment), kept out of the Library's list. A plugin of its
 * own: its multipart limit is one file.
 */
export const fileUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storage, fileLinks } = app.services;
  await app.register(multipart, { limits: multipartLimits(1) });
  contractRoute(app, R.uploadOne, async (req) => {
    const received = await receiveUploads(req, 'fileUpload');
    try {
      const [row] = await storeUploads(req, storage, received.files, { folder: '', inLibrary: false });
      return answer(presentFileRef(row!, fileLinks, new Date()), M.uploaded);
    } finally {
      await received.cleanup();
    }
  });
};
