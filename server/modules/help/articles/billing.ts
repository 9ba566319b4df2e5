import { FAMILIES, STAFF, type HelpArticleSource } from './article.js';

const topic = 'Billing';

export const BILLING_ARTICLES: readonly HelpArticleSource[] = [
  {
    slug: 'invoice-a-student',
    title: 'Invoice a student',
    topic,
    roles: STAFF,
    summary: 'Bill a student with line items or their lessons from the calendar, and email the invoice to the payer.',
    steps: [
      'Open Plans / Payments > Invoicing and choose New Invoice.',
      'Pick the student. The parent pays when there is one; otherwise the student.',
      'Add lines (description, quantity, price), or add the student’s lessons from the calendar at a price per lesson.',
      'Set a discount, the due date and a note if you like; the totals are worked out as you type.',
      'Choose "Save as draft" to finish later, or "Send": the payer gets the PDF and a link to pay by card.',
    ],
    notes: [
      'Invoice numbers are per school (INV-000001) and never reused.',
      'A "Test mode" badge shows while the school’s payments go through the sandbox.',
    ],
    links: [
      { label: 'Invoicing', path: '/studentbilling/invoiceList' },
      { label: 'New Invoice', path: '/studentbilling/newInvoice' },
    ],
    keywords: ['bill', 'invoice', 'charge', 'fee'],
  },
  {
    slug: 'record-a-payment',
    title: 'Record a payment, refund or void',
    topic,
    roles: STAFF,
    summary: 'Record cash or a check against an invoice, refund a card payment, or void an invoice.',
    steps: [
      'Open Plans / Payments > Invoicing and open the invoice.',
      'Choose "Record payment", enter the amount and the method (cash or check), and save. Part of the balance makes it partly paid.',
      'To give money back from a card payment, choose Refund on that payment.',
      'To cancel an invoice nobody has paid yet, choose "Void invoice" with a reason.',
      'Resend, download the PDF or copy the pay link from the same page.',
    ],
    links: [
      { label: 'Invoicing', path: '/studentbilling/invoiceList' },
      { label: 'Payments report', path: '/reports/payment-reporting' },
    ],
    keywords: ['cash', 'check', 'cheque', 'refund', 'void', 'paid'],
  },
  {
    slug: 'recurring-invoices-and-late-fees',
    title: 'Recurring invoices and late fees',
    topic,
    roles: STAFF,
    summary: 'Bill a student every month or every few weeks automatically, and add a late fee to overdue invoices.',
    steps: [
      'Open Invoicing > Recurring invoices and choose "New recurring invoice".',
      'Pick the student and the lines, then monthly on a day (1–28) or every N weeks, a start date and an optional end.',
      'Choose whether each invoice is sent automatically or kept as a draft, and save. Pause, resume, edit or delete it later.',
      'In Invoicing > Billing settings set the currency, the days until due and a late fee (0 is off); the admin saves them.',
    ],
    notes: ['Each period’s invoice is issued once, and missed periods are caught up.'],
    links: [
      { label: 'Recurring invoices', path: '/studentbilling/recuringInvoice' },
      { label: 'Invoicing', path: '/studentbilling/invoiceList' },
    ],
    keywords: ['monthly', 'automatic', 'late fee', 'overdue'],
  },
  {
    slug: 'pay-an-invoice',
    title: 'Pay an invoice',
    topic,
    roles: FAMILIES,
    summary: 'Pay by card from the emailed link or from Payment / Billing, save a card and turn on autopay.',
    steps: [
      'From the invoice email, open the pay link: the page shows the invoice (who it is billed to, the lines, the due date and the balance due). Enter the card and billing address and choose "Pay" (the button shows the amount). No sign-in is needed.',
      'After paying, the page shows your receipt (the amount, the card\'s brand and last four digits, the date and a reference) with the invoice PDF to download, and the receipt is emailed to you. The same link shows the receipt later.',
      'Or open Payment / Billing: your open invoices are listed with one total. Choose "Pay", or "Pay with saved card".',
      'Save a card under saved cards (one is the default).',
      'Turn on autopay for a child: on each due date the default card is charged; a failed charge is tried again after 1, 3 and 7 days, with an email each time.',
    ],
    notes: ['Card numbers go to the payment gateway only; Cadenza keeps the brand, the last four digits and the expiry.'],
    links: [
      { label: 'Payment / Billing', path: '/paymentBilling' },
      { label: 'Payments', path: '/reporting/payments' },
    ],
    keywords: ['card', 'credit card', 'autopay', 'pay', 'bill'],
  },
  {
    slug: 'plans-for-students',
    title: 'Plans for students',
    topic,
    roles: STAFF,
    summary: 'Offer lesson plans that families ask for and the school approves; approval starts billing.',
    steps: [
      'Open Plans / Payments > Plan Builder and choose "New plan": name, price (0 is free), billing period, lessons per period and their length, lesson type, instrument and teachers.',
      'Families see the plans on Payment / Billing and ask for one.',
      'The admin approves or declines the request on Approve Plan. Approving starts a recurring invoice with autopay on the card the family picked.',
      'Put the plans on your own website with Plan Widget; tie a plan to a class/group with Group Plans (admin).',
    ],
    links: [
      { label: 'Plan Builder', path: '/studentbilling/planbuilder' },
      { label: 'Approve Plan', path: '/studentbilling/approveplan' },
      { label: 'Plan Widget', path: '/studentbilling/planwidget' },
    ],
    keywords: ['plan', 'subscription', 'package', 'widget'],
  },
  {
    slug: 'choose-a-plan',
    title: 'Choose a lesson plan',
    topic,
    roles: FAMILIES,
    summary: 'Ask your school for one of its plans, see its status and cancel it.',
    steps: [
      'Open Payment / Billing and look at the available plans.',
      'Choose one, then pick a saved card or add one, and choose "Ask for this plan". A student whose parent pays asks without a card.',
      'The school approves it; you are emailed, and My plans shows its status and next charge.',
      'Cancel ends the plan at the end of the period already paid.',
    ],
    links: [{ label: 'Payment / Billing', path: '/paymentBilling' }],
    keywords: ['plan', 'subscription', 'package'],
  },
  {
    slug: 'your-school-plan',
    title: 'Your school’s plan with Cadenza',
    topic,
    roles: ['admin'],
    summary: 'See your plan, its renewal and bills, and pay when a renewal failed.',
    steps: [
      'Open Payment / Billing: "Your plan" shows the plan, the next renewal and past bills.',
      'If a renewal card payment fails, it is tried again after 1, 3 and 7 days, then the plan lapses and most pages answer with a message until it is paid.',
      'Choose "Pay now" with the kept card or a new one: the lapse ends at once.',
    ],
    notes: ['A plan sets how many students and teachers the school may have, and whether the store is included.'],
    links: [
      { label: 'Payment / Billing', path: '/paymentBilling' },
      { label: 'Contact for More Features', path: '/support' },
    ],
    keywords: ['lapsed', 'renewal', 'upgrade', 'limit'],
  },
];
