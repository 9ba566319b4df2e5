import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MEMBER_MESSAGES, MEMBER_ROUTES, type ImportKind, type ImportPreview } from '../../../shared/contracts/members.js';
import type { Tx } from '../../db/client.js';
import { answer, contractRoute } from '../../lib/contract-route.js';
import type { MemberAction, MemberKind } from '../../policies/members.js';
import { requireReach } from './access.js';
import { memberContext, type MemberContext } from './context.js';
import { readImportFile, type ImportFile } from './import-rows.js';
import { importStudents, previewImport } from './import-students.js';
import { importLessons, previewLessonImport } from './import-lessons.js';
import { importTeachers, previewTeacherImport } from './import-teachers.js';

/** A CSV of IMPORT body size, JSON-escaped, fits in this. */
const IMPORT_BODY_LIMIT = 5 * 1024 * 1024;

type Importer = {
  preview: (tx: Tx, ctx: MemberContext, file: ImportFile) => Promise<ImportPreview>;
  run: (tx: Tx, ctx: MemberContext, file: ImportFile) => Promise<number>;
};
/** Each list's import: one reading of the file, its own rows' rules (decisions 094, 095, 099). */
const IMPORTERS: Record<ImportKind, Importer> = {
  students: { preview: previewImport, run: importStudents },
  teachers: { preview: previewTeacherImport, run: importTeachers },
  lessons: { preview: previewLessonImport, run: importLessons },
};
/**
 * Whose import right each list asks for: lessons are the students', whose calendar they fill
 * (admin and sub-admin); addLesson then asks the scheduling policy for each row (decision 099).
 */
const RIGHT_OF: Record<ImportKind, MemberKind> = { students: 'student', teachers: 'teacher', lessons: 'student' };

/** A list's CSV import (students, teachers, lessons): its routes take a larger body. */
export const importRoutes: FastifyPluginAsyncZod<{ kind: ImportKind }> = async (imports, { kind }) => {
  const R = MEMBER_ROUTES[kind];
  const importer = IMPORTERS[kind];
  const role = RIGHT_OF[kind];
  const may = (action: MemberAction) => ({ onRequest: [async (req: FastifyRequest) => void requireReach(req.actor!, action, role)] });
  // contractRoute takes no body limit: the import routes, alone in this plugin, get theirs here.
  imports.addHook('onRoute', (route) => { route.bodyLimit = IMPORT_BODY_LIMIT; });

  contractRoute(imports, R.importPreview, (req) =>
    req.tx(async (tx) => importer.preview(tx, memberContext(req), await readImportFile(tx, req.body.csv, req.body.source, req.body.mapping, kind))), may('import'));

  contractRoute(imports, R.import, async (req) => {
    const count = await req.tx(async (tx) => importer.run(tx, memberContext(req), await readImportFile(tx, req.body.csv, req.body.source, req.body.mapping, kind)));
    return answer({ count }, MEMBER_MESSAGES.importDone(count, kind));
  }, may('import'));
};
