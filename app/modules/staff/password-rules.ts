// Length limits of the password policy, safe to import in browser code (form hints, minLength).
export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 128;
