/** The auth functions the app shell needs, in a chunk of their own (see amplifyAuth.ts). */
export { fetchAuthSession, fetchMFAPreference, getCurrentUser, signOut } from 'aws-amplify/auth';
export { Hub } from 'aws-amplify/utils';
