/**
 * Stand-in for aws-amplify/auth, the network boundary to Cognito:
 *   vi.mock('aws-amplify/auth', () => import('./authMock'));
 */
import { vi } from 'vitest';

export const fetchAuthSession = vi.fn();
export const getCurrentUser = vi.fn();
export const signIn = vi.fn();
export const signOut = vi.fn(async () => {});
export const resetPassword = vi.fn();
export const confirmResetPassword = vi.fn();
export const sendUserAttributeVerificationCode = vi.fn();
export const confirmUserAttribute = vi.fn();
export const confirmSignIn = vi.fn();
export const fetchMFAPreference = vi.fn(async () => ({}));
export const setUpTOTP = vi.fn();
export const verifyTOTPSetup = vi.fn();
export const updateMFAPreference = vi.fn();
