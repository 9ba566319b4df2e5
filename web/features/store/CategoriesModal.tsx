import { categoryBody } from '../../../shared/contracts/store';
import { NamedCategoriesModal } from '../../components/NamedCategoriesModal';
import { useAddCategory, useCategories, useRemoveCategory } from './api';

/** The store's categories: add one by name, delete one (its items stay, without a category). */
export function CategoriesModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <NamedCategoriesModal
      opened={opened} onClose={onClose} title="Categories" formLabel="Add category" emptyText="No categories yet."
      schema={categoryBody} categories={useCategories()} add={useAddCategory()} remove={useRemoveCategory()}
      columns={[{ header: 'Items', cell: (c) => c.productCount }]}
    />
  );
}
