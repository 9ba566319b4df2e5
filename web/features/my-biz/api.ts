import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '../../../shared/contracts/common';
import { BIZ_PAGE_SIZE, BIZ_ROUTES as R, type AddBizArticleValues } from '../../../shared/contracts/my-biz';
import { callApi } from '../../lib/callApi';

const BIZ_KEY = ['myBiz'] as const;

export function useBizCategories() {
  return useQuery({
    queryKey: [...BIZ_KEY, 'categories'],
    queryFn: async () => (await callApi(R.categories, { body: {} })).data,
  });
}

export function useBizArticles(p: { page: number; search: string; categoryId: string | null }, enabled = true) {
  return useQuery({
    queryKey: [...BIZ_KEY, 'articles', p],
    queryFn: async () => (await callApi(R.articles, {
      body: { page: p.page, limit: BIZ_PAGE_SIZE, search: p.search || undefined, categoryId: p.categoryId ?? undefined },
    })).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useBizArticle(id: string | null) {
  return useQuery({
    queryKey: [...BIZ_KEY, 'article', id],
    queryFn: async () => (await callApi(R.article, { body: { id: id ?? '' } })).data,
    enabled: id !== null,
  });
}

function useBizMutation<V, T>(call: (values: V) => Promise<Envelope<T>>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: BIZ_KEY }) });
}

type CategoryValues = { name: string; description: string };
export const useAddCategory = () => useBizMutation((v: CategoryValues) => callApi(R.addCategory, { body: v }));
export const useUpdateCategory = () => useBizMutation((v: CategoryValues & { id: string }) => callApi(R.updateCategory, { body: v }));
export const useDeleteCategory = () => useBizMutation((id: string) => callApi(R.deleteCategory, { body: { id } }));
export const useAddArticle = () => useBizMutation((v: AddBizArticleValues) => callApi(R.addArticle, { body: v }));
export const useUpdateArticle = () => useBizMutation((v: AddBizArticleValues & { id: string }) => callApi(R.updateArticle, { body: v }));
export const useDeleteArticle = () => useBizMutation((id: string) => callApi(R.deleteArticle, { body: { id } }));
