/** docs/product.md#validation, #errors, verbatim. */
export const PROFILE_TEXTS = {
  profileSaved: 'Profile updated successfully!',
  profileFailed: 'Failed to update profile',
  passwordSaved: 'Password updated successfully!',
  passwordFailed: 'Failed to update password',
  mismatch: 'New password and confirmation do not match',
} as const;
