import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '../../../shared/contracts/common';
import {
  BIZ_PAGE_SIZE, type AddBizArticleValues, type BizArticle, type BizArticleListAnswer, type BizCategory,
} from '../../../shared/contracts/my-biz';
import { api } from '../../lib/api';

const BIZ_KEY = ['myBiz'] as const;

export function useBizCategories() {
  return useQuery({
    queryKey: [...BIZ_KEY, 'categories'],
    queryFn: async () => (await api.post<BizCategory[]>('/myBiz/getBizCategories', {})).data,
  });
}

export function useBizArticles(p: { page: number; search: string; categoryId: string | null }, enabled = true) {
  return useQuery({
    queryKey: [...BIZ_KEY, 'articles', p],
    queryFn: async () => (await api.post<BizArticleListAnswer>('/myBiz/getBizArticles', {
      page: p.page, limit: BIZ_PAGE_SIZE, search: p.search || undefined, categoryId: p.categoryId ?? undefined,
    })).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useBizArticle(id: string | null) {
  return useQuery({
    queryKey: [...BIZ_KEY, 'article', id],
    queryFn: async () => (await api.post<BizArticle>('/myBiz/getBizArticle', { id })).data,
    enabled: id !== null,
  });
}

function useBizMutation<V, T>(call: (values: V) => Promise<Envelope<T>>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: BIZ_KEY }) });
}

type CategoryValues = { name: string; description: string };
export const useAddCategory = () => useBizMutation((v: CategoryValues) => api.post<BizCategory>('/myBiz/addBizCategory', v));
export const useUpdateCategory = () => useBizMutation((v: CategoryValues & { id: string }) => api.post<BizCategory>('/myBiz/updateBizCategory', v));
export const useDeleteCategory = () => useBizMutation((id: string) => api.post<null>('/myBiz/deleteBizCategory', { id }));
export const useAddArticle = () => useBizMutation((v: AddBizArticleValues) => api.post<BizArticle>('/myBiz/addBizArticle', v));
export const useUpdateArticle = () => useBizMutation((v: AddBizArticleValues & { id: string }) => api.post<BizArticle>('/myBiz/updateBizArticle', v));
export const useDeleteArticle = () => useBizMutation((id: string) => api.post<null>('/myBiz/deleteBizArticle', { id }));
