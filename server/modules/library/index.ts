/**
 * The library module's one entry (issue 13): uploads (/fileUpload/upload,
 * /library/multiplefileUpload), a school's Library and the provider's, sharing, and the signed
 * links that stream files. Other modules attach files through the functions below.
 */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { seedLibraryDemo } from './demo/seed-library-demo.js';
import { fileUploadRoutes, libraryRoutes } from './routes.js';

export const library: ModuleDefinition = {
  name: 'library',
  routes: [
    { plugin: libraryRoutes },
    { plugin: fileUploadRoutes },
  ],
  seedDemo: seedLibraryDemo,
};

export { assertAttachableFile, assertEmailableFile, ATTACH_MESSAGE, fileRefsOf, providerFileRefsOf, type EmailableFile } from './file-refs.js';
/** Small valid files made in code (the demo's, and other modules' demo images). */
export { tinyPdf, tinyPng, tinyWav } from './demo/tiny-files.js';
/** A file for another module's demo (a course's cover image). */
export { addDemoFile } from './demo/seed-library-demo.js';
