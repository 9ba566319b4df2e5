import { SCHOOL_PEOPLE, STAFF, type HelpArticleSource } from './article.js';

const topic = 'People and accounts';

export const PEOPLE_ARTICLES: readonly HelpArticleSource[] = [
  {
    slug: 'getting-around',
    title: 'Getting around Cadenza',
    topic,
    roles: ['superadmin', ...SCHOOL_PEOPLE],
    summary: 'The menu, the header and where to find your profile, help and support.',
    steps: [
      'The menu on the left holds your pages; one section opens at a time. On a phone or a narrow window open it with the menu button.',
      'The header shows your name, Profile and Logout; the question mark opens Help.',
      'Profile holds your details, your password, your calendar link and your reminders.',
    ],
    links: [
      { label: 'Profile', path: '/profile' },
      { label: 'Help', path: '/help' },
    ],
    keywords: ['menu', 'navigation', 'start'],
  },
  {
    slug: 'password-and-profile',
    title: 'Your password and sign-in',
    topic,
    roles: ['superadmin', ...SCHOOL_PEOPLE],
    summary: 'Set your password from the invitation, reset a forgotten one and stay signed in.',
    steps: [
      'A new account gets an invitation email: open its link within 72 hours and set a password.',
      'Forgot it? On the sign-in page choose "Forgot password", enter your username and follow the emailed link.',
      '"Remember Me" keeps you signed in on this device for 30 days.',
      'Resetting your password signs you out everywhere else.',
    ],
    links: [{ label: 'Profile', path: '/profile' }],
    keywords: ['password', 'login', 'sign in', 'forgot', 'reset', 'invitation'],
  },
  {
    slug: 'add-people',
    title: 'Add teachers, students and parents',
    topic,
    roles: STAFF,
    summary: 'Add the people of your school; each is invited by email to set a password.',
    steps: [
      'Open Members and pick Teachers, Students or Parents.',
      'Choose add, fill in the form and save: the person gets an invitation email.',
      'Students can also come from a CSV import, with a preview of each row before anything is saved.',
      'Add Family joins parents and children in one household.',
      'New Widget Students lists people who signed up on your website’s signup widget: approve or decline them.',
    ],
    links: [
      { label: 'Students', path: '/member/students' },
      { label: 'Teachers', path: '/member/teachers' },
      { label: 'Parents', path: '/member/parents' },
      { label: 'Add Family', path: '/family/add' },
      { label: 'New Widget Students', path: '/reporting/approvedStudent' },
    ],
    keywords: ['member', 'invite', 'import', 'csv', 'family', 'signup'],
  },
  {
    slug: 'login-as',
    title: 'Log in as someone else',
    topic,
    roles: ['superadmin', 'admin', 'subadmin', 'teacher', 'parent'],
    summary: 'See Cadenza exactly as one of your people sees it, to help them.',
    steps: [
      'Open the person’s profile (a member list, or a parent’s Children) and choose to log in as them.',
      'A banner at the top says whom you are acting as; everything you do is recorded under your own name.',
      'Use the banner to go back to your own account.',
    ],
    notes: [
      'Who may act as whom: the superadmin as anyone but a superadmin; an admin as the people of the school; a sub-admin as its teachers, students and parents; a teacher as their own students; a parent as their own children.',
    ],
    links: [
      { label: 'Students', path: '/member/students' },
      { label: 'Children', path: '/member/children' },
      { label: 'Schools', path: '/member/list-school' },
    ],
    keywords: ['impersonate', 'act as', 'login as', 'switch user'],
  },
  {
    slug: 'schools-and-private-teachers',
    title: 'Schools and private teachers',
    topic,
    roles: ['superadmin'],
    summary: 'Add, edit, switch off and remove the schools and private teachers that use Cadenza.',
    steps: [
      'Open Members > Schools (or Private Teachers).',
      'Add one: the owner is invited by email to set a password.',
      'Open a school for its details and its merchant information (gateway keys are stored encrypted and shown masked).',
      'Change its status to close it; deleting keeps its history.',
    ],
    links: [
      { label: 'Schools', path: '/member/list-school' },
      { label: 'Private Teachers', path: '/member/private-teacher' },
    ],
    keywords: ['school', 'tenant', 'merchant'],
  },
  {
    slug: 'plans-for-schools',
    title: 'Plans for schools',
    topic: 'Billing',
    roles: ['superadmin'],
    summary: 'Build the provider’s plans and book them for schools.',
    steps: [
      'Open School Billing > Plan Builder: name, price (0 is free), School or Private teacher, monthly or yearly, student and teacher limits, store included.',
      'Open Book Plan to book a plan for a school by card or invoice, change it, email the owner an upgrade offer or cancel it at the end of the paid period.',
      'Schools renew automatically; a failed renewal is tried again after 1, 3 and 7 days before the plan lapses.',
    ],
    links: [
      { label: 'Plan Builder', path: '/schoolbilling/planbuilder' },
      { label: 'Book Plan', path: '/schoolbilling/bookplan' },
    ],
    keywords: ['subscription', 'renewal', 'pricing'],
  },
];
