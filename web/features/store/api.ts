import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '../../../shared/contracts/common';
import { PAGE_SIZE } from '../../../shared/constants';
import {
  BROWSE_ROUTES, SELLER_ROUTES, STORE_ROUTES, type AdjustStockValues, type SellerFormValues, type StoreKind,
} from '../../../shared/contracts/store';
import { callApi } from '../../lib/callApi';

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
    queryFn: async () => (await callApi(STORE_ROUTES.list, {
      body: { page: p.page, limit: STORE_PAGE_SIZE, item_name: p.search || undefined, select_category: p.category ?? undefined },
    })).data,
    placeholderData: keepPreviousData,
  });
}

export function useBrowseList(p: { page: number; category: string | null; store: StoreKind | null }) {
  return useQuery({
    queryKey: [...STORE_KEY, 'browse', p],
    queryFn: async () => (await callApi(BROWSE_ROUTES.list, {
      body: { page: p.page, limit: STORE_PAGE_SIZE, select_category: p.category ?? undefined, store: p.store ?? undefined },
    })).data,
    placeholderData: keepPreviousData,
  });
}

export function useStoreSearch(itemName: string) {
  return useQuery({
    queryKey: [...STORE_KEY, 'search', itemName],
    queryFn: async () => (await callApi(STORE_ROUTES.search, { body: { item_name: itemName } })).data,
    enabled: itemName !== '',
    placeholderData: keepPreviousData,
  });
}

export function useItem(id: string | null) {
  return useQuery({
    queryKey: [...STORE_KEY, 'item', id],
    queryFn: async () => (await callApi(STORE_ROUTES.view, { params: { id: id ?? '' } })).data,
    enabled: id !== null,
  });
}

export function useCategories() {
  return useQuery({
    queryKey: [...STORE_KEY, 'categories'],
    queryFn: async () => (await callApi(STORE_ROUTES.categories)).data.results,
  });
}

export function useBrowseCategories() {
  return useQuery({
    queryKey: [...STORE_KEY, 'browseCategories'],
    queryFn: async () => (await callApi(BROWSE_ROUTES.categories)).data.results,
  });
}

export function useStockList(p: { page: number; search: string; lowOnly: boolean }) {
  return useQuery({
    queryKey: [...STORE_KEY, 'stock', p],
    queryFn: async () => (await callApi(STORE_ROUTES.stockList, {
      body: { page: p.page, limit: STORE_PAGE_SIZE, item_name: p.search || undefined, lowOnly: p.lowOnly, sortBy: 'item_name', orderBy: 1 },
    })).data,
    placeholderData: keepPreviousData,
  });
}

export function useStockHistory(productId: string | null, page: number) {
  return useQuery({
    queryKey: [...STORE_KEY, 'history', productId, page],
    queryFn: async () => (await callApi(STORE_ROUTES.stockHistory, { body: { productId: productId ?? '', page, limit: STORE_PAGE_SIZE } })).data,
    enabled: productId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useSellers(p: { page: number } | 'dropdown', enabled = true) {
  const query = p === 'dropdown' ? { isDropDown: 'true' as const } : { page: p.page, limit: STORE_PAGE_SIZE };
  return useQuery({
    queryKey: [...STORE_KEY, 'sellers', p],
    queryFn: async () => (await callApi(SELLER_ROUTES.list, { query })).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

function useStoreMutation<V, T>(call: (values: V) => Promise<Envelope<T>>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: STORE_KEY }) });
}

export const useAddItem = () => useStoreMutation((v: ProductPayload & { quantity: string }) => callApi(STORE_ROUTES.add, { body: v }));
export const useUpdateItem = () => useStoreMutation((v: ProductPayload & { id: string }) => callApi(STORE_ROUTES.update, { body: v }));
export const useRemoveItem = () => useStoreMutation((id: string) => callApi(STORE_ROUTES.remove, { body: { id } }));
export const useAddCategory = () => useStoreMutation((name: string) => callApi(STORE_ROUTES.addCategory, { body: { name } }));
export const useRemoveCategory = () => useStoreMutation((categoryId: string) => callApi(STORE_ROUTES.removeCategory, { body: { categoryId } }));
export const useAdjustStock = () => useStoreMutation((v: AdjustStockValues) => callApi(STORE_ROUTES.adjustStock, { body: v }));
export const useAddSeller = () => useStoreMutation((v: SellerFormValues) => callApi(SELLER_ROUTES.add, { body: v }));
export const useUpdateSeller = () => useStoreMutation((v: SellerFormValues & { id: string }) => {
  const { id, ...body } = v;
  return callApi(SELLER_ROUTES.update, { params: { id }, body });
});
export const useDeleteSeller = () => useStoreMutation((id: string) => callApi(SELLER_ROUTES.remove, { params: { id } }));

export function useSchoolStore(adminId: string) {
  return useQuery({
    queryKey: [...STORE_KEY, 'school', adminId],
    queryFn: async () => (await callApi(STORE_ROUTES.schoolStore, { body: { adminId } })).data,
  });
}
export const useSetSchoolStore = () => useStoreMutation((v: { adminId: string; showStore: boolean }) => callApi(STORE_ROUTES.setSchoolStore, { body: v }));
