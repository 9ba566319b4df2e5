import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApprovalListAnswer, AssignCourseValues, CourseDetails, CourseFormValues, CourseItem, CourseListAnswer, CourseProgress, CourseUpdateValues,
  LessonAddValues, LessonDetails, LessonItem, LessonUpdateValues, RejectCourseValues,
} from '../../../shared/contracts/courses';
import { COURSE_LIST_FILTERS } from '../../../shared/contracts/courses';
import { PAGE_SIZE } from '../../../shared/constants';
import { api } from '../../lib/api';
import { CLASS_ROUTES } from '../../../shared/contracts/classes';
import { callApi } from '../../lib/callApi';

export const COURSES_PAGE_SIZE = PAGE_SIZE.courses;
const KEY = ['courses'] as const;
export type CourseFilter = (typeof COURSE_LIST_FILTERS)[number];

export function useCourseList(page: number, search: string, status: CourseFilter) {
  return useQuery({
    queryKey: [...KEY, 'list', { page, search, status }],
    queryFn: async () => (await api.post<CourseListAnswer>('/course/list', { page, limit: COURSES_PAGE_SIZE, search: search || undefined, status })).data,
    placeholderData: keepPreviousData,
  });
}

export function useApprovalList(page: number) {
  return useQuery({
    queryKey: [...KEY, 'approval', page],
    queryFn: async () => (await api.post<ApprovalListAnswer>('/course/approvalList', { page, limit: COURSES_PAGE_SIZE })).data,
    placeholderData: keepPreviousData,
  });
}

export function useCourse(id: string | undefined) {
  return useQuery({
    queryKey: [...KEY, 'course', id],
    queryFn: async () => (await api.get<CourseDetails>(`/course/view/${encodeURIComponent(id ?? '')}`)).data,
    enabled: Boolean(id),
  });
}

export function useLesson(id: string | undefined) {
  return useQuery({
    queryKey: [...KEY, 'lesson', id],
    queryFn: async () => (await api.get<LessonDetails>(`/course/lesson/view/${encodeURIComponent(id ?? '')}`)).data,
    enabled: Boolean(id),
  });
}

export function useProgress(courseId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'progress', courseId],
    queryFn: async () => (await api.post<CourseProgress>('/course/progress', { courseId })).data,
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

export const useAddCourse = () => useCourseMutation((v: CourseFormValues) => api.post<CourseItem>('/course/add', v));
export const useUpdateCourse = () => useCourseMutation((v: CourseUpdateValues) => api.post<CourseItem>('/course/update', v));
export const useRemoveCourse = () => useCourseMutation((courseId: string) => api.delete<null>('/course/remove', { courseId }));
export const useApproveCourse = () => useCourseMutation((courseId: string) => api.post<CourseItem>('/course/approve', { courseId }));
export const useRejectCourse = () => useCourseMutation((v: RejectCourseValues) => api.post<CourseItem>('/course/reject', v));
export const useAddLesson = () => useCourseMutation((v: LessonAddValues) => api.post<LessonItem>('/course/lesson/add', v));
export const useUpdateLesson = () => useCourseMutation((v: LessonUpdateValues) => api.post<LessonItem>('/course/lesson/update', v));
export const useRemoveLesson = () => useCourseMutation((lessonId: string) => api.delete<null>('/course/lesson/remove', { lessonId }));
export const useReorderLessons = () => useCourseMutation((v: { courseId: string; lessonIds: string[] }) => api.post<CourseDetails>('/course/lesson/reorder', v));
export const useMarkLesson = () => useCourseMutation((v: { lessonId: string; done: boolean }) => api.post<LessonItem>('/course/lesson/markDone', v));
export const useAssignCourse = () => useCourseMutation((v: AssignCourseValues) => api.post<CourseProgress>('/course/assign', v));
export const useUnassignCourse = () => useCourseMutation((assignmentId: string) => api.delete<CourseProgress>('/course/unassign', { assignmentId }));
