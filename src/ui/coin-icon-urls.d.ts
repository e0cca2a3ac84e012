/** Symbol to icon address, written by the build (scripts/coin-icons-plugin.ts). */
declare module 'virtual:coin-icon-urls' {
  /** The address of a coin's icon by its upper-case symbol, or undefined when it has none. */
  const iconUrlOf: (symbol: string) => string | undefined;
  export default iconUrlOf;
}
