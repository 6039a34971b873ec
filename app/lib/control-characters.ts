// C0 control characters and DEL have no place in anything a person types: NUL cannot even be
// stored in a PostgreSQL text column. Tab, line feed and carriage return are ordinary in
// multi-line text and stay allowed unless a caller says otherwise.
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const WITH_LINE_BREAKS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// eslint-disable-next-line no-control-regex -- as above
const ANY = /[\u0000-\u001F\u007F]/;

/** The index of the first control character in `text`, or null. */
export function findControlCharacter(text: string, opts: { allowLineBreaks?: boolean } = {}): number | null {
  const match = (opts.allowLineBreaks === false ? ANY : WITH_LINE_BREAKS).exec(text);
  return match ? match.index : null;
}
