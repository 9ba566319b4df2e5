import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { ok } from '../../lib/envelope.js';
import { badRequest } from '../../lib/http-errors.js';
import { LIBRARY_ROLES, UPLOAD_ROLES } from '../../policies/library.js';
import {
  LIBRARY_MAX_FILES, LIBRARY_MESSAGES as M, fileIdBody, fileLinkParams, fileLinkQuery, libraryListBody, shareFileBody, unshareFileBody, updateFileBody, uploadFields,
} from '../../../shared/contracts/library.js';
import { multipartLimits, receiveUploads } from './receive-uploads.js';
import { presentFileRef } from './presenter.js';
import { serveFile } from './serve-file.js';
import { getFile, listFiles, listShares, removeFile, shareFile, unshareFile, updateFile, type LinkContext } from './service.js';
import { storeUploads } from './upload-files.js';

const tags = ['library'];

/** The Library under /api/library (issue 13); who may do what is policies/library.ts. */
export const libraryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storage, fileLinks } = app.services;
  const links = (): LinkContext => ({ signer: fileLinks, now: new Date() });
  await app.register(multipart, { limits: multipartLimits(LIBRARY_MAX_FILES) });

  // The signed link: no session (an <img> or <audio> sends none); the signature is the key.
  app.get('/file/:id', { schema: { tags, params: fileLinkParams, querystring: fileLinkQuery, security: [] } }, async (req, reply) => {
    return serveFile(app.services, req, reply, req.params.id, req.query);
  });

  // docs/domains/learning.md "Data and calls": several files at once, form field uploadedImages (and an optional folder).
  app.post('/multiplefileUpload', { schema: { tags, consumes: ['multipart/form-data'] }, onRequest: app.requireAuth(...UPLOAD_ROLES) }, async (req, reply) => {
    const received = await receiveUploads(req, 'uploadedImages');
    try {
      const fields = uploadFields.safeParse(received.fields);
      if (!fields.success) {
        const issue = fields.error.issues[0]!;
        throw badRequest(issue.message, { [String(issue.path[0] ?? 'folder')]: issue.message });
      }
      const rows = await storeUploads(req, storage, received.files, { folder: fields.data.folder, inLibrary: true });
      const now = new Date();
      return ok(reply, { results: rows.map((r) => presentFileRef(r, fileLinks, now)) }, M.uploadedMany);
    } finally {
      await received.cleanup();
    }
  });

  const member = app.requireAuth(...LIBRARY_ROLES);

  app.post('/list', { schema: { tags, body: libraryListBody }, onRequest: member }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => listFiles(tx, req.actor!, req.body, links())));
  });

  app.post('/view', { schema: { tags, body: fileIdBody }, onRequest: member }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => getFile(tx, req.actor!, req.body.id, links())));
  });

  app.post('/update', { schema: { tags, body: updateFileBody }, onRequest: member }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => updateFile(tx, req.actor!, req.body, links())), M.updated);
  });

  app.delete('/remove', { schema: { tags, body: fileIdBody }, onRequest: member }, async (req, reply) => {
    const deleteBytes = (key: string) => void storage.delete(key).catch((err: unknown) => req.log.error({ err }, 'a deleted file’s bytes stayed in storage'));
    await req.tx((tx) => removeFile(tx, req.actor!, req.body.id, deleteBytes));
    return ok(reply, null, M.deleted);
  });

  app.post('/shares', { schema: { tags, body: fileIdBody }, onRequest: member }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => listShares(tx, req.actor!, req.body.id)));
  });

  app.post('/share', { schema: { tags, body: shareFileBody }, onRequest: member }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => shareFile(tx, req.actor!, req.body)), M.shared);
  });

  app.post('/unshare', { schema: { tags, body: unshareFileBody }, onRequest: member }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => unshareFile(tx, req.actor!, req.body.id, req.body.shareId)), M.unshared);
  });
};

/**
 * docs/domains/learning.md "Data and calls"'s POST /fileUpload/upload (form field fileUpload): one file for one use (a
 * course's cover image, a lesson's attachment), kept out of the Library's list.
 */
export const fileUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storage, fileLinks } = app.services;
  await app.register(multipart, { limits: multipartLimits(1) });
  app.post('/upload', { schema: { tags, consumes: ['multipart/form-data'] }, onRequest: app.requireAuth(...UPLOAD_ROLES) }, async (req, reply) => {
    const received = await receiveUploads(req, 'fileUpload');
    try {
      const [row] = await storeUploads(req, storage, received.files, { folder: '', inLibrary: false });
      return ok(reply, presentFileRef(row!, fileLinks, new Date()), M.uploaded);
    } finally {
      await received.cleanup();
    }
  });
};
