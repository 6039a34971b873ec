/**
 * Where staff may point a storefront link (menu entries, popup buttons): a path on this shop,
 * or an http(s) address. Anything else (javascript:, data:, protocol-relative //host) is refused.
 */
export function isSafeLinkTarget(value: string): boolean {
  if (/^\/(?!\/)\S*$/.test(value)) return true;
  if (!/^https?:\/\/\S+$/i.test(value)) return false;
  return URL.canParse(value) && new URL(value).hostname.length > 0;
}
