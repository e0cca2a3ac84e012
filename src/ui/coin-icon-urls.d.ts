/** Symbol to icon address, written by the build (scripts/coin-icons-plugin.ts). */
declare module 'virtual:coin-icon-urls' {
  const iconUrls: Readonly<Record<string, string>>;
  export default iconUrls;
}
