/** Where Build My Biz's pages are (shared/routes.ts): the superadmin's and the schools'. */
export const manageCategoryPath = (id: string) => `/MyBiz/category/${id}`;
export const articleDetailsPath = (id: string) => `/build-my-biz/view-details/${id}`;
export const readCategoryPath = (id: string) => `/category/${id}`;
/** A school reads an article on its category's page. */
export const readArticlePath = (a: { _id: string; categoryId: string }) => `/category/${a.categoryId}?article=${a._id}`;
export const READ_HOME_PATH = '/MyBizNew';
