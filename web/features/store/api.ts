import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '../../../shared/contracts/common';
import { PAGE_SIZE } from '../../../shared/constants';
import type {
  AdjustStockValues, SellerFormValues, SellerListAnswer, StockAdjustment, StockListAnswer, StoreCategory, StoreItem, StoreKind, StoreListAnswer,
} from '../../../shared/contracts/store';
import type { ListResult } from '../../../shared/contracts/common';
import { api } from '../../lib/api';

export const STORE_PAGE_SIZE = PAGE_SIZE.store;
const STORE_KEY = ['store'] as const;

/** What the item form sends: docs/domains/store.md "Data and calls"'s store item, optional fields null when empty. */
export type ProductPayload = {
  item_name: string; item_code: string | null; item_price: string; shipping_cost: string | null; tax_applicable: boolean;
  item_image: string | null; select_category: string | null; sellerId: string | null; quantity?: string;
};

export function useManagedList(p: { page: number; search: string; category: string | null }) {
  return useQuery({
    queryKey: [...STORE_KEY, 'managed', p],
    queryFn: async () => (await api.post<StoreListAnswer>('/store/getStoreList', {
      page: p.page, limit: STORE_PAGE_SIZE, item_name: p.search || undefined, select_category: p.category ?? undefined,
    })).data,
    placeholderData: keepPreviousData,
  });
}

export function useBrowseList(p: { page: number; category: string | null; store: StoreKind | null }) {
  return useQuery({
    queryKey: [...STORE_KEY, 'browse', p],
    queryFn: async () => (await api.post<StoreListAnswer>('/schoolStore/getStoreList', {
      page: p.page, limit: STORE_PAGE_SIZE, select_category: p.category ?? undefined, store: p.store ?? undefined,
    })).data,
    placeholderData: keepPreviousData,
  });
}

export function useStoreSearch(itemName: string) {
  return useQuery({
    queryKey: [...STORE_KEY, 'search', itemName],
    queryFn: async () => (await api.post<{ results: StoreItem[]; totalCount: number }>('/store/search', { item_name: itemName })).data,
    enabled: itemName !== '',
    placeholderData: keepPreviousData,
  });
}

export function useItem(id: string | null) {
  return useQuery({
    queryKey: [...STORE_KEY, 'item', id],
    queryFn: async () => (await api.get<StoreItem>(`/store/viewsingleProduct/${id}`)).data,
    enabled: id !== null,
  });
}

export function useCategories() {
  return useQuery({
    queryKey: [...STORE_KEY, 'categories'],
    queryFn: async () => (await api.post<{ results: StoreCategory[] }>('/store/category/list', {})).data.results,
  });
}

export function useBrowseCategories() {
  return useQuery({
    queryKey: [...STORE_KEY, 'browseCategories'],
    queryFn: async () => (await api.post<{ results: (StoreCategory & { store: StoreKind })[] }>('/schoolStore/getCategories', {})).data.results,
  });
}

export function useStockList(p: { page: number; search: string; lowOnly: boolean }) {
  return useQuery({
    queryKey: [...STORE_KEY, 'stock', p],
    queryFn: async () => (await api.post<StockListAnswer>('/store/stock/list', {
      page: p.page, limit: STORE_PAGE_SIZE, item_name: p.search || undefined, lowOnly: p.lowOnly, sortBy: 'item_name', orderBy: 1,
    })).data,
    placeholderData: keepPreviousData,
  });
}

export function useStockHistory(productId: string | null, page: number) {
  return useQuery({
    queryKey: [...STORE_KEY, 'history', productId, page],
    queryFn: async () => (await api.post<ListResult<StockAdjustment>>('/store/stock/history', { productId, page, limit: STORE_PAGE_SIZE })).data,
    enabled: productId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useSellers(p: { page: number } | 'dropdown', enabled = true) {
  const query = p === 'dropdown' ? 'isDropDown=true' : `page=${p.page}&limit=${STORE_PAGE_SIZE}`;
  return useQuery({
    queryKey: [...STORE_KEY, 'sellers', p],
    queryFn: async () => (await api.get<SellerListAnswer>(`/seller/get?${query}`)).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

function useStoreMutation<V, T>(call: (values: V) => Promise<Envelope<T>>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: STORE_KEY }) });
}

export const useAddItem = () => useStoreMutation((v: ProductPayload) => api.post<StoreItem>('/store/addstore', v));
export const useUpdateItem = () => useStoreMutation((v: ProductPayload & { id: string }) => api.post<StoreItem>('/store/updateStore', v));
export const useRemoveItem = () => useStoreMutation((id: string) => api.delete<null>('/store/removeStore', { id }));
export const useAddCategory = () => useStoreMutation((name: string) => api.post<StoreCategory>('/store/category/add', { name }));
export const useRemoveCategory = () => useStoreMutation((categoryId: string) => api.delete<null>('/store/category/remove', { categoryId }));
export const useAdjustStock = () => useStoreMutation((v: AdjustStockValues) => api.post<{ productId: string; quantity: number }>('/store/stock/adjust', v));
export const useAddSeller = () => useStoreMutation((v: SellerFormValues) => api.post('/seller/add', v));
export const useUpdateSeller = () => useStoreMutation((v: SellerFormValues & { id: string }) => {
  const { id, ...body } = v;
  return api.post(`/seller/update/${id}`, body);
});
export const useDeleteSeller = () => useStoreMutation((id: string) => api.delete<null>(`/seller/delete/${id}`));

export function useSchoolStore(adminId: string) {
  return useQuery({
    queryKey: [...STORE_KEY, 'school', adminId],
    queryFn: async () => (await api.post<{ adminId: string; showStore: boolean }>('/store/schoolStore', { adminId })).data,
  });
}
export const useSetSchoolStore = () => useStoreMutation((v: { adminId: string; showStore: boolean }) => api.post('/store/setSchoolStore', v));
