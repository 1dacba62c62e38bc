/** negotiator's own module for Accept-Encoding (lib/encoding.js), which its typings do not declare. */
declare module 'negotiator/lib/encoding' {
  /** The provided encodings the header accepts, best first (`provided` in the server's order of preference on ties). */
  export default function preferredEncodings(accept: string, provided?: string[], preferred?: string[]): string[];
}
