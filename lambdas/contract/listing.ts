/**
 * An account that is not an administrator reads the directory only while it is linked to a member
 * the church still lists. What such an account is told, by the API's refusal and the app's page.
 * No imports: the app shell may use it.
 */
export const NOT_LISTED =
  'Your church no longer lists you in its directory, so its pages are closed to you. If this is a mistake, ask your church administrator to add you back with your email address.';

/** The app's page for such an account: its title, and what "Check again" says while still not listed. */
export const NOT_LISTED_TITLE = 'You are no longer in the directory';
export const STILL_NOT_LISTED = 'Your church does not list this email address yet. Please try again later.';
