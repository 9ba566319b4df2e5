/**
 * The area hubs (/members, /learnings, /learning/learning, /studentbillings; issue 17): like the
 * reports hub (decision 044), a hub lists the pages of its area as cards, and a role is shown a
 * card only when its route table opens the card's page and the client has a page for it. So a
 * card never leads to a page that does not open, and a page registered later appears by itself.
 */
export type HubCard = {
  title: string;
  /** One line of what the page is for. */
  description: string;
  /** The page's route pattern (shared/routes.ts). */
  path: string;
  /** Where the card leads when the pattern has a parameter. */
  href?: string;
};

export type Hub = { title: string; subtitle: string; cards: readonly HubCard[] };

const MEMBERS: Hub = {
  title: 'Members',
  subtitle: 'The people of your school. Pick a list to open it.',
  cards: [
    { title: 'Schools', description: 'The schools on the platform, their plans and details.', path: '/member/list-school' },
    { title: 'Private Teachers', description: 'Teachers who run their own studio on the platform.', path: '/member/private-teacher' },
    { title: 'Sub Admins', description: 'The office staff who help run the school.', path: '/member/sub-admins' },
    { title: 'Teachers', description: 'Teachers, their instruments and their students.', path: '/member/teachers' },
    { title: 'Students', description: 'Students, their teachers, lessons and families.', path: '/member/students' },
    { title: 'Parents', description: 'Parents and the children they look after.', path: '/member/parents' },
    { title: 'Children', description: 'Your children and their lessons.', path: '/member/children' },
    { title: 'Add Family', description: 'A parent and their children in one form.', path: '/family/:slug', href: '/family/add' },
    { title: 'Classes/Groups', description: 'Classes and groups of students taught together.', path: '/member/classes-group' },
  ],
};

const LEARNING: Hub = {
  title: 'Learning',
  subtitle: 'Courses, practice and everything to learn with. Pick one to open it.',
  cards: [
    { title: 'Courses', description: 'Courses and their lessons, with videos and files.', path: '/learning/courses' },
    { title: 'Approve Course', description: 'Teachers’ courses waiting for the school’s approval.', path: '/learning/approve-course' },
    { title: 'Library', description: 'Files to share with students and attach to lessons.', path: '/learning/library' },
    { title: 'Practice', description: 'Practice assignments and the minutes practised.', path: '/learning/practice' },
    { title: 'Assign Practice', description: 'Give a student songs to practise by a date.', path: '/learning/assign-practice' },
    { title: 'Favourite Songs', description: 'The songs you like to play.', path: '/favourite' },
    { title: 'Quizzes', description: 'Theory quizzes: write them and publish them.', path: '/quizzes' },
    { title: 'Quizzes', description: 'Theory quizzes to take, with your scores.', path: '/quizCategories' },
    { title: 'Ear Trainer', description: 'The ear-training exercise sets per level.', path: '/musicalInteractives/earTrainer' },
    { title: 'Ear Trainer', description: 'Intervals, chords and scales by ear.', path: '/earTrainerQuiz' },
    { title: 'Learn More', description: 'Your school: its teachers, instruments and how to reach it.', path: '/learnMore' },
  ],
};

const STUDENT_BILLING: Hub = {
  title: 'Plans / Payments',
  subtitle: 'Plans, widgets and invoices. Pick one to open it.',
  cards: [
    { title: 'Plan Builder', description: 'The plans students buy: price, lessons and period.', path: '/studentbilling/planbuilder' },
    { title: 'Group Plans', description: 'Plans for classes and groups.', path: '/studentbilling/groupplans' },
    { title: 'Approve Plan', description: 'Plans bought through a widget, waiting for approval.', path: '/studentbilling/approveplan' },
    { title: 'Plan Widget', description: 'Your plans on your own website.', path: '/studentbilling/planwidget' },
    { title: 'Login Widget', description: 'A sign-in box for your own website.', path: '/studentbilling/loginwidget' },
    { title: 'Student Login Widget', description: 'A student sign-in box for your own website.', path: '/studentbilling/studentWidget' },
    { title: 'Register Widget', description: 'A sign-up form for new students on your website.', path: '/studentbilling/registerwidget' },
    { title: 'Invoicing', description: 'Invoices sent, paid and owed.', path: '/studentbilling/invoiceList' },
    { title: 'New Invoice', description: 'Bill a family for lessons or items.', path: '/studentbilling/newInvoice' },
    { title: 'Recurring Invoice', description: 'Invoices sent again every period.', path: '/studentbilling/recuringInvoice' },
    { title: 'Store Builder', description: 'The items your school sells.', path: '/studentbilling/storebuilder' },
    { title: 'Store Widget', description: 'Your store on your own website.', path: '/studentbilling/storewidget' },
    { title: 'Payment / Billing', description: 'Your invoices, cards and payments.', path: '/paymentBilling' },
  ],
};

/** Each hub's own path and what it lists. */
export const HUBS: Readonly<Record<string, Hub>> = {
  '/members': MEMBERS,
  '/learnings': LEARNING,
  '/learning/learning': LEARNING,
  '/studentbillings': STUDENT_BILLING,
};

/** The hub's cards the user may open, each with the link it follows. */
export function hubCardsFor(hub: Hub, opens: (pattern: string) => boolean): (HubCard & { href: string })[] {
  return hub.cards.filter((card) => opens(card.path)).map((card) => ({ ...card, href: card.href ?? card.path }));
}
