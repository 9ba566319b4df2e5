import { categoryBody } from '../../../shared/contracts/quizzes';
import { NamedCategoriesModal } from '../../components/NamedCategoriesModal';
import { useAddCategory, useQuizCategories, useRemoveCategory } from './api';

/** The quiz categories: add one by name; only a category without quizzes can be deleted. */
export function QuizCategoriesModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <NamedCategoriesModal
      opened={opened} onClose={onClose} title="Quiz categories" formLabel="Add quiz category"
      emptyText="No categories yet: add one before the first quiz."
      schema={categoryBody} categories={useQuizCategories()} add={useAddCategory()} remove={useRemoveCategory()}
      columns={[{ header: 'Quizzes', cell: (c) => c.quizCount }, { header: 'Published', cell: (c) => c.publishedCount }]}
    />
  );
}
