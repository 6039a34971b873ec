import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names. Deliberately without tailwind-merge (8 KB gzip on every page): components
 * take no conflicting overrides; variants are props instead.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
