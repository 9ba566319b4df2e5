import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AssignCourseValues, CourseFormValues, CourseUpdateValues, LessonAddValues, LessonUpdateValues, RejectCourseValues,
} from '../../../shared/contracts/courses';
import { COURSE_LIST_FILTERS, COURSE_ROUTES as R } from '../../../shared/contracts/courses';
import { PAGE_SIZE } from '../../../shared/constants';
import { CLASS_ROUTES } from '../../../shared/contracts/classes';
import { callApi } from '../../lib/callApi';

export const COURSES_PAGE_SIZE = PAGE_SIZE.courses;
const KEY = ['courses'] as const;
export type CourseFilter = (typeof COURSE_LIST_FILTERS)[number];

export function useCourseList(page: number, search: string, status: CourseFilter) {
  return useQuery({
    queryKey: [...KEY, 'list', { page, search, status }],
    queryFn: async () => (await callApi(R.list, { body: { page, limit: COURSES_PAGE_SIZE, search: search || undefined, status } })).data,
    placeholderData: keepPreviousData,
  });
}

export function useApprovalList(page: number) {
  return useQuery({
    queryKey: [...KEY, 'approval', page],
    queryFn: async () => (await callApi(R.approvalList, { body: { page, limit: COURSES_PAGE_SIZE } })).data,
    placeholderData: keepPreviousData,
  });
}

export function useCourse(id: string | undefined) {
  return useQuery({
    queryKey: [...KEY, 'course', id],
    queryFn: async () => (await callApi(R.view, { params: { id: id ?? '' } })).data,
    enabled: Boolean(id),
  });
}

export function useLesson(id: string | undefined) {
  return useQuery({
    queryKey: [...KEY, 'lesson', id],
    queryFn: async () => (await callApi(R.viewLesson, { params: { id: id ?? '' } })).data,
    enabled: Boolean(id),
  });
}

export function useProgress(courseId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'progress', courseId],
    queryFn: async () => (await callApi(R.progress, { body: { courseId } })).data,
    enabled,
  });
}

/** The caller's classes/groups to give a course to (a teacher's own, the office's all). */
export function useGroupOptions(enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'groups'],
    queryFn: async () => (await callApi(CLASS_ROUTES.list, { body: { page: 1, limit: 100 } })).data.results,
    enabled,
    staleTime: 60_000,
  });
}

function useCourseMutation<V, R>(call: (values: V) => Promise<{ message: string; data: R }>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }) });
}

export const useAddCourse = () => useCourseMutation((v: CourseFormValues) => callApi(R.add, { body: v }));
export const useUpdateCourse = () => useCourseMutation((v: CourseUpdateValues) => callApi(R.update, { body: v }));
export const useRemoveCourse = () => useCourseMutation((courseId: string) => callApi(R.remove, { body: { courseId } }));
export const useApproveCourse = () => useCourseMutation((courseId: string) => callApi(R.approve, { body: { courseId } }));
export const useRejectCourse = () => useCourseMutation((v: RejectCourseValues) => callApi(R.reject, { body: v }));
export const useAddLesson = () => useCourseMutation((v: LessonAddValues) => callApi(R.addLesson, { body: v }));
export const useUpdateLesson = () => useCourseMutation((v: LessonUpdateValues) => callApi(R.updateLesson, { body: v }));
export const useRemoveLesson = () => useCourseMutation((lessonId: string) => callApi(R.removeLesson, { body: { lessonId } }));
export const useReorderLessons = () => useCourseMutation((v: { courseId: string; lessonIds: string[] }) => callApi(R.reorderLessons, { body: v }));
export const useMarkLesson = () => useCourseMutation((v: { lessonId: string; done: boolean }) => callApi(R.markLesson, { body: v }));
export const useAssignCourse = () => useCourseMutation((v: AssignCourseValues) => callApi(R.assign, { body: v }));
export const useUnassignCourse = () => useCourseMutation((assignmentId: string) => callApi(R.unassign, { body: { assignmentId } }));
