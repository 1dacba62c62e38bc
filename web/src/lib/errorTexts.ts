/**
 * What a failure says, in one place: for each thing that can fail (a context), the text of each
 * error the API answers (its code, lambdas/contract/errors.ts), of each Cognito refusal (its
 * exception name), or of an upload's answer. These are the texts users have always been shown,
 * one per error and context; they do not change with a page's code, and the web and browser tests
 * assert them word for word. Pages never word an error themselves: they name the context,
 * `errorText('signup', error)`.
 */
import { PROOF_MESSAGES } from '@contract/auth';
import { JOB_MESSAGES } from '@contract/jobTexts';
import { PDF_MESSAGES } from '@contract/pdf';
import { STUDY_MESSAGES } from '@contract/studies';
import { OPERATOR_SIGN_IN_AGAIN, OPERATOR_TOTP_UNRECORDED } from '@contract/mfa';
import { type ApiError, isApiError } from './apiError';
import { authErrorName, errorMessage } from './authErrors';

/** The server's own words when it gave any, else `fallback`. */
const serverSaid = (error: unknown, fallback: string) => (isApiError(error) && error.message) || fallback;
/** An API error's message, else the network's (a call that never got an answer). */
const reason = (error: unknown) => serverSaid(error, 'Network/Function error');
/** Any error's message (an API error, a network failure or a thrown Error). */
const anyReason = (error: unknown) => (error instanceof Error && error.message) || 'Network/Function error';
/** A thrown error's message, even an empty one. */
const thrownMessage = (error: unknown) => (error instanceof Error ? error.message : 'Network/Function error');
const otherCode = (error: { message: string; code: string }) => `Server error: ${error.message} (code: ${error.code})`;
/** The day's codes for the address are sent, or the deployment has no mail sender: the server says what to do. */
const limitOrNoMail = (error: ApiError) =>
  (error.code === 'resource-exhausted' && Boolean(error.message)) || error.message === PROOF_MESSAGES.noSender;
const denied = (error: unknown) => isApiError(error) && error.code === 'permission-denied';
/** The operator pages' refusal of a sign-in that did not answer the code (or of a step on without a record): the server's words say what to do. */
const operatorMustSignIn = (error: ApiError) =>
  error.code === 'permission-denied' && [OPERATOR_SIGN_IN_AGAIN, OPERATOR_TOTP_UNRECORDED].includes(error.message);

export const NO_MEMBER_PERMISSION = 'You do not have permission to edit this member.';
export const NO_FAMILY_PERMISSION = 'Error: You do not have permission to edit this family.';
export const SIGNUP_DENIED =
  'Permission denied. You might not be allowed to join the linked organization, or the ID might be invalid.';
export const CANNOT_ADD_ROLE = 'Cannot add role due to missing data or permissions.';
export const INVALID_CREDENTIALS = 'Invalid email or password.';
export const INVALID_EMAIL = 'Please enter a valid email address.';
export const LOGIN_FAILED = 'Failed to log in. Please try again.';

/** Cognito sends no reset code to an address nobody verified (the reset page answers as for no account). */
export const isUnverifiedAddress = (error: unknown) =>
  authErrorName(error) === 'InvalidParameterException' && /no registered\/verified email/i.test(errorMessage(error));

/** A code from a verification or reset mail refused by Cognito; null for any other failure. */
function codeRefusal(error: unknown): string | null {
  switch (authErrorName(error)) {
    case 'CodeMismatchException':
      return 'That code is not correct. Please check the email and try again.';
    case 'ExpiredCodeException':
      return 'That code has expired. Please request a new one.';
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return 'Too many attempts. Please wait a few minutes and try again.';
    default:
      return null;
  }
}

const TEXTS = {
  // Sign-in, sign-up and the codes Cognito mails or an authenticator app shows.
  login(error: unknown) {
    const name = authErrorName(error);
    // Cognito answers a wrong password with NotAuthorizedException; cognito-local with
    // InvalidPasswordException. On a sign-in both mean the same to the user.
    if (['NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException'].includes(name))
      return INVALID_CREDENTIALS;
    if (name === 'InvalidParameterException' && /email|username/i.test(errorMessage(error))) return INVALID_EMAIL;
    return LOGIN_FAILED;
  },
  /** A wrong or refused code from an authenticator app (two-step sign-in). */
  totp(error: unknown) {
    // The API's refusal to turn it on (setTwoStep): its own words.
    if (isApiError(error) && error.message) return error.message;
    switch (authErrorName(error)) {
      case 'CodeMismatchException':
      case 'EnableSoftwareTokenMFAException':
        return 'That code is not correct. Please check your authenticator app and try again.';
      case 'NotAuthorizedException':
        return 'The sign-in took too long. Please log in again.';
      default:
        return codeRefusal(error) ?? 'Something went wrong. Please try again.';
    }
  },
  verify: (error: unknown) => codeRefusal(error) ?? `Verification failed: ${errorMessage(error)}`,
  resetRequest(error: unknown) {
    const name = authErrorName(error);
    if (
      name === 'InvalidParameterException' &&
      /email|username/i.test(errorMessage(error)) &&
      !isUnverifiedAddress(error)
    )
      return 'The email address format is invalid.';
    if (name && errorMessage(error) !== 'Unknown error') return `Error (${name}): ${errorMessage(error)}`;
    return 'Failed to send password reset email. Please try again.';
  },
  resetConfirm(error: unknown) {
    const name = authErrorName(error);
    return (
      codeRefusal(error) ??
      (name === 'InvalidPasswordException'
        ? errorMessage(error)
        : name === 'UserNotFoundException'
          ? 'That code is not correct. Please check the email and try again.'
          : 'Failed to reset the password. Please try again.')
    );
  },
  /** The mailed code, with the new account's password: the server's own words (wrong, spent, password refused). */
  prove: (error: unknown) => serverSaid(error, 'The code could not be checked. Please try again.'),
  /** The church joined or registered once the address is proven: the server's own words. */
  finish: (error: unknown) => serverSaid(error, 'Your account could not be set up. Please try again.'),
  signup(error: unknown) {
    if (!isApiError(error)) return 'An unexpected error occurred while creating the account.';
    if (limitOrNoMail(error)) return error.message;
    if (error.code === 'already-exists' || /EMAIL_EXISTS/.test(error.message))
      return 'An account with this email address already exists. Try logging in.';
    if (error.code === 'permission-denied') return SIGNUP_DENIED;
    if (error.code === 'not-found') return 'Server error: Could not find the account creation service.';
    if (error.code === 'invalid-argument') return 'Invalid data provided to server. Please check your input.';
    return otherCode(error);
  },
  registration(error: unknown) {
    if (!isApiError(error)) return 'An unexpected error occurred during registration.';
    if (limitOrNoMail(error)) return error.message;
    if (/organization name already exists/i.test(error.message))
      return 'An organization with this name already exists.';
    if (error.code === 'already-exists')
      return error.message || 'An administrator account with this email already exists.';
    if (error.code === 'invalid-argument') return error.message || 'Invalid data provided. Please check your input.';
    return otherCode(error);
  },

  // The directory: families and members.
  dashboardLoad(error: unknown) {
    if (isApiError(error) && error.code === 'unauthenticated')
      return 'Authentication error during data fetch. Please refresh or log in again.';
    return serverSaid(error, 'Failed to load dashboard data.');
  },
  familiesLoad(error: unknown) {
    if (isApiError(error) && error.code === 'unauthenticated')
      return 'Authentication error during data fetch. Please refresh or log in again.';
    if (isApiError(error) && error.code === 'not-found') return 'Family not found.';
    return serverSaid(error, 'Family data could not be loaded.');
  },
  familyLoad(error: unknown) {
    if (!isApiError(error))
      return `Error loading family data: ${error instanceof Error ? error.message : 'unknown error'}`;
    if (error.code === 'not-found') return 'Family not found.';
    if (error.code === 'permission-denied') return NO_FAMILY_PERMISSION;
    if (error.code === 'unauthenticated') return 'Please log in.';
    return `Error loading family data: ${error.message}`;
  },
  familyAdd: (error: unknown) => serverSaid(error, 'Failed to add family on the server.'),
  familyUpdate: (error: unknown) => serverSaid(error, 'Failed to update family on the server.'),
  familyDelete: (error: unknown) => `Failed to delete family: ${reason(error)}`,
  memberLoad(error: unknown) {
    if (isApiError(error) && error.code === 'not-found') return 'Member not found.';
    if (denied(error)) return NO_MEMBER_PERMISSION;
    return 'Failed to load member details. Please try again.';
  },
  memberAdd: (error: unknown) => serverSaid(error, 'Failed to add member.'),
  // A conflict (409) or a refusal: the message says what to do; everything typed stays.
  memberUpdate: (error: unknown) => serverSaid(error, 'Failed to update member. The server reported an issue.'),
  memberDelete: (error: unknown) => `Failed to delete member: ${reason(error)}`,
  /** A failed PDF: the server's message when it gave one, else the generic texts. */
  pdf(error: unknown) {
    if (isApiError(error) && error.status > 0) return `Error: ${error.message || PDF_MESSAGES.serverFailed}`;
    return PDF_MESSAGES.couldNot;
  },

  // Groups.
  groupAdd(error: unknown) {
    if (!isApiError(error)) return 'An unexpected error occurred.';
    switch (error.code) {
      case 'permission-denied':
        return 'You do not have permission to create groups.';
      case 'already-exists':
        return 'A group with this name already exists in your organization.';
      case 'invalid-argument':
        return 'Invalid data provided (e.g., group name empty).';
      case 'unauthenticated':
        return 'You must be logged in to add a group.';
      default:
        return otherCode(error);
    }
  },
  groupDelete: (error: unknown) => `Failed to delete group: ${anyReason(error)}`,
  roleDelete: (error: unknown) => `Failed to delete role: ${anyReason(error)}`,
  roleAdd: (error: unknown) => (denied(error) ? CANNOT_ADD_ROLE : `Failed to add member: ${anyReason(error)}`),

  // Privacy.
  privacyDefaultsLoad: (error: unknown) => serverSaid(error, 'Privacy defaults could not be loaded.'),
  privacyDefaultsSave: (error: unknown) =>
    serverSaid(error, 'The privacy defaults could not be saved. Please try again.'),
  changeRulesSave: (error: unknown) => serverSaid(error, 'The rules could not be saved. Please try again.'),
  familyPrivacyLoad: (error: unknown) => serverSaid(error, 'Family data could not be loaded.'),
  familyPrivacySave: (error: unknown) =>
    serverSaid(error, 'Your privacy choices could not be saved. Please try again.'),

  // The member map.
  mapLoad: (error: unknown) => serverSaid(error, 'The map could not be loaded.'),

  // Bible studies, and who leads a group (leaders write them).
  studiesLoad: (error: unknown) => serverSaid(error, 'The Bible studies could not be loaded.'),
  studyLoad: (error: unknown) => serverSaid(error, 'The study could not be loaded.'),
  // A refusal (a reference that is no reference, a link, a group) or a conflict (409): the server's words; everything typed stays.
  studySave: (error: unknown) => serverSaid(error, 'The study could not be saved. Please try again.'),
  studyDelete: (error: unknown) => `Failed to delete the study: ${reason(error)}`,
  studyPrint: (error: unknown) => serverSaid(error, STUDY_MESSAGES.printFailed),
  readingSiteSave: (error: unknown) => serverSaid(error, 'The reading site could not be saved. Please try again.'),
  leaderSave: (error: unknown) => serverSaid(error, 'The leader could not be changed. Please try again.'),

  // Import and export.
  historyLoad: (error: unknown) => serverSaid(error, 'The history could not be loaded.'),
  restore: (error: unknown) => serverSaid(error, 'The record could not be restored. Please try again.'),
  changesLoad: (error: unknown) => serverSaid(error, 'The waiting changes could not be loaded.'),
  changeDecide: (error: unknown) => serverSaid(error, 'The decision could not be saved. Please try again.'),
  exportsLoad: (error: unknown) => serverSaid(error, 'The exports could not be loaded.'),
  exportStart: (error: unknown) => serverSaid(error, 'The export could not be started. Please try again.'),
  importLoad: (error: unknown) => serverSaid(error, 'The import could not be loaded.'),
  importStart: (error: unknown) => serverSaid(error, 'The import could not be started. Please try again.'),

  // Administration.
  usersLoad(error: unknown) {
    if (denied(error))
      return 'Permission denied fetching users. The server checks admin rights on every request: if yours were removed, sign out and in again.';
    if (isApiError(error) && error.code === 'failed-precondition' && /index/i.test(error.message))
      return 'Database error: A required index is missing.';
    return 'An unknown error occurred while fetching users.';
  },
  adminChange: (error: unknown) =>
    denied(error)
      ? 'Server denied the request to change admin status.'
      : `Failed to update admin status: ${thrownMessage(error)}`,
  userDelete: (error: unknown) =>
    denied(error) ? 'Server denied the request to delete user.' : `Failed to delete user: ${thrownMessage(error)}`,
  orgsLoad(error: unknown) {
    if (!isApiError(error)) return JOB_MESSAGES.orgsUnknown;
    if (operatorMustSignIn(error)) return error.message;
    if (error.code === 'permission-denied') return JOB_MESSAGES.orgsUnauthorized;
    if (error.code === 'unauthenticated') return 'User not authenticated.';
    return JOB_MESSAGES.orgsFailed;
  },
  /** A deletion job's failure: a thrown error, or the job's own error text. */
  orgDeletion(error: unknown) {
    const detail = error instanceof Error && error.message ? error.message : typeof error === 'string' ? error : '';
    return detail ? `Deletion failed: ${detail}` : JOB_MESSAGES.deletionUnknown;
  },
  report(error: unknown) {
    if (!isApiError(error)) return JOB_MESSAGES.reportUnknown;
    if (operatorMustSignIn(error)) return error.message;
    if (error.code === 'permission-denied') return JOB_MESSAGES.notAuthorized;
    if (error.code === 'unauthenticated') return JOB_MESSAGES.noSession;
    return `${JOB_MESSAGES.reportFailed} Error (${error.code}): ${error.message}`;
  },
} satisfies Record<string, (error: unknown) => string>;

/** What can fail, each with its own texts. */
export type ErrorContext = keyof typeof TEXTS;

/** The text users see when `context` fails with `error`. */
export const errorText = (context: ErrorContext, error: unknown): string => TEXTS[context](error);

/** A refused upload (a photo, a study's file): S3 answers with XML, whose <Message> is the useful part; 0 is no answer at all. */
export function uploadErrorText(status: number, body: string, what = 'photo'): string {
  const message = /<Message>([^<]*)<\/Message>/.exec(body)?.[1]?.trim();
  if (message) return message;
  return status === 0
    ? `The ${what} could not be sent. Please check your connection and try again.`
    : `The upload failed (HTTP ${status}).`;
}
