/**
 * A concrete path for each route of a role's table (docs/decisions/090-every-route-a-real-page-and-toasts-out-of-the-way.md):
 * a route with a parameter gets a real id of the school's data, read through the API as that role,
 * so it names a record the role may open (a teacher's own student, a parent's child's payment).
 */
import { expect, type APIRequestContext } from '@playwright/test';
import type { Role } from '../../../shared/roles';
import { TEST_CARD_CODE } from './constants';

type Data = { results?: { _id: string }[]; lessons?: { _id: string }[] } | { _id: string }[] | null;
type Call = (method: 'GET' | 'POST', path: string, body?: object) => Promise<Data>;

/** The role's calls, with its own token: the answer's data, or null when the role may not make it. */
export function callsOf(request: APIRequestContext, token: string): Call {
  return async (method, path, body = {}) => {
    const headers = { Authorization: `Bearer ${token}` };
    const res = method === 'GET' ? await request.get(`/api${path}`, { headers }) : await request.post(`/api${path}`, { headers, data: body });
    if (res.status() !== 200) return null;
    return ((await res.json()) as { data: Data }).data;
  };
}

const firstId = (data: Data): string | undefined => (Array.isArray(data) ? data[0]?._id : data?.results?.[0]?._id);

/** The first id any of these lists answers the role. */
async function firstOf(call: Call, ...lists: [string, object?][]): Promise<string | undefined> {
  for (const [path, body] of lists) {
    const id = firstId(await call('POST', path, body));
    if (id) return id;
  }
  return undefined;
}

type Who = { role: Role; call: Call; id: string; schoolAdminId: string };

/** A person the role may open on a profile route, as `{role}/{id}`. */
async function person(who: Who): Promise<string | undefined> {
  if (who.role === 'student') return `student/${who.id}`;
  if (who.role === 'parent') {
    const child = firstId(await who.call('GET', '/member/children'));
    return child && `student/${child}`;
  }
  const student = await firstOf(who.call, ['/member/students/list', { limit: 1 }]);
  return student && `student/${student}`;
}

/** A course with a lesson, as `{lessonId}/{courseId}` (the lesson details route's order), or the course alone. */
async function courseAndLesson(call: Call): Promise<{ course?: string; lesson?: string }> {
  const list = await call('POST', '/course/list', { limit: 20 });
  const courses = Array.isArray(list) ? list : (list?.results ?? []);
  for (const course of courses) {
    const details = await call('GET', `/course/view/${course._id}`);
    const lesson = details && !Array.isArray(details) ? details.lessons?.[0]?._id : undefined;
    if (lesson) return { course: course._id, lesson };
  }
  return { course: courses[0]?._id };
}

/** The payments report's period (it names one): the last two years, which hold the demo's payments. */
function lastTwoYears(): { from: string; to: string } {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: day(Date.now() - 2 * 365 * 86_400_000), to: day(Date.now()) };
}

/** Each route pattern with a parameter: how to fill it in for this role. */
const FILL: Record<string, (who: Who) => Promise<string | undefined>> = {
  '/superadmin/view-school-details/:id': async (who) => who.schoolAdminId,
  '/superadmin/view-teacher-details/:id': (who) => firstOf(who.call, ['/school/privateteacher/getschoolList', { addrole: 'Private teacher', limit: 1 }]),
  '/member/:slug/:id': person,
  '/user/:slug/:id': person,
  '/family/:slug': (who) => firstOf(who.call, ['/family/list', { limit: 1 }]),
  '/classes/group/:id': (who) => firstOf(who.call, ['/classes/list', { limit: 1 }]),
  '/learning/course_detail/:id': async (who) => (await courseAndLesson(who.call)).course,
  '/learning/lessons/:id': async (who) => (await courseAndLesson(who.call)).course,
  '/learning/lesson_details/:lessonID/:id': async (who) => {
    const { course, lesson } = await courseAndLesson(who.call);
    return course && lesson && `${lesson}/${course}`;
  },
  '/learning/view-practice/:id': (who) => firstOf(who.call, ['/practice/getPractice', { limit: 1 }]),
  '/learning/assign-practice-update/:practiceAssign_Id': (who) => firstOf(who.call, ['/practice/getPractice', { limit: 1 }]),
  '/reporting/payment-details/:id': (who) => firstOf(who.call, ['/reports/payments/list', { limit: 1, ...lastTwoYears() }]),
  '/MyBiz/category/:id': (who) => firstOf(who.call, ['/myBiz/getBizCategories']),
  '/category/:id': (who) => firstOf(who.call, ['/myBiz/getBizCategories']),
  '/build-my-biz/view-details/:id': (who) => firstOf(who.call, ['/myBiz/getBizArticles', { limit: 1 }]),
  // The order listing's parameter is its page.
  '/stores/order-listing/:id': async () => '1',
  '/stores/order-details/:id': (who) => firstOf(who.call, ['/order/orderList', { limit: 1 }], ['/order/getorderList', { limit: 1 }]),
  '/stores/product-details/:id': (who) => firstOf(who.call, ['/store/getStoreList', { limit: 1 }], ['/schoolStore/getStoreList', { limit: 1 }]),
  '/plan-registration/:id': (who) =>
    firstOf(who.call, ['/schoolBilling/getSchoolPlanList', { limit: 1 }], ['/paymentbilling/planList', { limit: 1 }], ['/studentBilling/getListPlanBuilder', { limit: 1 }]),
  // Every report's slug opens its report; `all` opens the hub (decision 044).
  '/reports/:slug': async () => 'all',
};

/** The concrete path of each route of the table, its parameters filled with the school's records. */
export async function concretePaths(who: Who, patterns: readonly string[]): Promise<{ pattern: string; path: string }[]> {
  const out: { pattern: string; path: string }[] = [];
  const missing: string[] = [];
  for (const pattern of patterns) {
    const params = pattern.split('/').filter((segment) => segment.startsWith(':'));
    if (params.length === 0) {
      out.push({ pattern, path: pattern });
      continue;
    }
    const fill = FILL[pattern];
    const value = fill ? await fill(who) : undefined;
    if (!value) {
      missing.push(pattern);
      continue;
    }
    const values = value.split('/');
    expect(values, `${pattern}: one value a parameter`).toHaveLength(params.length);
    let i = 0;
    out.push({ pattern, path: pattern.replace(/:[A-Za-z_]+/g, () => values[i++]!) });
  }
  expect(missing, `the ${who.role}'s routes without a record of the school to open`).toEqual([]);
  return out;
}

/**
 * An order of the person's in the school's store, paid with a test card through the API: the demo
 * seeds a student's and a parent's orders, and a teacher's order details route needs one of theirs.
 */
export async function placeAnOrder(request: APIRequestContext, token: string, buyer: { first: string; last: string }) {
  const post = async (path: string, data: object) => {
    const res = await request.post(`/api${path}`, { headers: { Authorization: `Bearer ${token}` }, data });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
    return ((await res.json()) as { data: Data }).data;
  };
  const item = firstId(await post('/schoolStore/getStoreList', { store: 'school', limit: 1 }));
  expect(item, 'an item of the school’s store').toBeDefined();
  await post('/cart/addtoCart', { storeId: item!, quantity: 1, add: true });
  await post('/order/addUserOrderAddress', {
    first_name: buyer.first, last_name: buyer.last, address1: '48 Maple Avenue', address2: null, city: 'Springfield', state: 'IL', postal_code: '62704',
    country: 'US', cellPhone: '(217) 555-0148', email: 'every.route@example.test',
  });
  await post('/order/addtoOrder', { idempotencyKey: `every-route-${Date.now()}`, cardNo: '4111111111111111', expDate: '2030-12', cardCode: TEST_CARD_CODE });
}
