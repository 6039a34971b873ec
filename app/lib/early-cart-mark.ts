/**
 * The window property the early-tap script sets once it has written a cart line to localStorage
 * before React listened. That line has no cookie yet (the script writes storage only), so the
 * cart, which otherwise trusts an empty or absent cart cookie and skips reading storage, must
 * read storage when it sees this mark.
 */
export const EARLY_CART_MARK = "__glacialEarlyCart";
