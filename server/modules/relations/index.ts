/**
 * Who relates to whom (decision 016): a teacher's students and classes/groups, a parent's
 * children, a student's teachers and parents, a lesson's students. The one answer every list,
 * count, policy fact, booking check and job reads. It holds no routes and no tables of its own:
 * it reads members' and scheduling's tables, and imports no other module.
 */
export { groupsOfTeacher, studentCountsOfTeachers, studentsOfTeacher, teachersOfStudent } from './teachers-students.js';
export { childrenOfParent, householdsOfStudents, parentsOfStudent, parentsOfStudents } from './parents-children.js';
export { attendedBy, attendeesOf, lessonsOfStudent, membersOfGroup, membersOfGroups, type LessonRef } from './lesson-attendees.js';
export { isGroupOfTeacher, isOwnStudent, notStudentsOfTeacher, ownStudentsOf } from './own-students.js';
