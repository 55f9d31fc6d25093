/** The session id of one page load: `web_<version>_<random integer 0..1e10>` (protocol reference §1.6). */
export function makeAppId(version: string, random: () => number = Math.random): string {
  return `web_${version}_${Math.floor(random() * 1e10)}`;
}
