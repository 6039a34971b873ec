// Head tags of the staff back office: a plain title, never indexed.
export function adminMeta(title: string) {
  return [{ title: `${title} | GLACIAL Admin` }, { name: "robots", content: "noindex, nofollow" }];
}
