/** A class attribute from a component's CSS module classes and global ones, leaving out the absent. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
