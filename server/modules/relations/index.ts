/**
 * Who relates to whom (decisions 016, 057): a teacher's students and classes/groups, a parent's
 * children, a student's teachers, parents, classes/groups and payers, a lesson's students. The
 * one answer every list, count, policy fact, booking check, bill and job reads. It holds no
 * routes and no tables of its own: it reads members', classes' and scheduling's tables (lint
 * keeps their link tables to it and their writers: eslint/link-tables.js), and imports no other module.
 */
export { groupsOfTeacher, studentCountsOfTeachers, studentsOfTeacher, teachersOfStudent, teachersOfStudents } from './teachers-students.js';
export { childrenOfParent, householdsOfStudents, parentIdsOf, parentsOfStudent, parentsOfStudents } from './parents-children.js';
export { groupsOfStudent, membershipsOfGroups, studentsInGroups } from './groups-of-students.js';
export { billedPayerOf, cardHoldersFor, hasParent, payerFactsOf, payersOf, studentsPaidBy } from './payers.js';
export { attendedBy, attendeesOf, lessonsOfStudent, membersOfGroup, membersOfGroups, type LessonRef } from './lesson-attendees.js';
export { isGroupOfTeacher, isOwnStudent, notStudentsOfTeacher, ownStudentsOf } from './own-students.js';
export { LINK_TABLE_EXPORTS, groupsOfStudents } from './link-table-exports.js';
