/**
 * Authorize.Net's published sandbox conventions (developer.authorize.net, "Testing Guide"), which
 * the in-process sandbox follows and the e2e and leak tests use. These numbers are public test
 * data, yet the app treats them as it treats any card: they never reach a row, a log or an email.
 */

/** The published test cards and their brands; each approves in the sandbox. */
export const SANDBOX_TEST_CARDS: Readonly<Record<string, string>> = {
  '4111111111111111': 'Visa',
  '4007000000027': 'Visa',
  '4012888818888': 'Visa',
  '5424000000000015': 'Mastercard',
  '2223000010309703': 'Mastercard',
  '2223000010309711': 'Mastercard',
  '370000000000002': 'American Express',
  '6011000000000012': 'Discover',
  '3088000000000017': 'JCB',
  '38000000000006': 'Diners Club',
};

/** A billing ZIP that makes any charge a general bank decline (response code 2, reason 2). */
export const DECLINE_ZIP = '46282';
/** A card code that fails the card-code check (CVV response N), declined by the account's filter. */
export const CVV_MISMATCH_CODE = '901';

/** Authorize.Net's words, by response reason code; the payer reads them. */
export const GATEWAY_TEXT = {
  approved: 'This transaction has been approved.',
  declined: 'This transaction has been declined.',
  cvvMismatch: 'This transaction has been declined. The card code does not match.',
  expired: 'The credit card has expired.',
  invalidNumber: 'The credit card number is invalid.',
  duplicate: 'A duplicate transaction has been submitted.',
  notSettled: 'The referenced transaction does not meet the criteria for issuing a credit.',
  overRefund: 'The sum of credits against the referenced transaction would exceed original debit amount.',
  notFound: 'The transaction cannot be found.',
  profileNotFound: 'The record cannot be found.',
  error: 'There has been an error processing this transaction.',
} as const;

/** Response reason codes the app branches on. */
export const REASON = {
  approved: '1',
  declined: '2',
  invalidNumber: '6',
  expired: '8',
  duplicate: '11',
  notFound: '16',
  notSettled: '54',
  overRefund: '55',
  cvvMismatch: '65',
} as const;
